#!/usr/bin/env node
// Bundles every service (services/<name>/src/main.ts) and the gateway (gateway/src/main.ts) into
// dist/<name>.cjs, the files the container images run with `node dist/<name>.cjs`.
//
//   node scripts/build-services.mjs             build every entry that exists
//   node scripts/build-services.mjs identity    build only the named ones (unknown names fail)
//   node scripts/build-services.mjs --list      print the entry names and exit
//
// Directories under services/ without src/main.ts (the kit, a service still being written) are
// skipped, so the script works at every stage of the repository.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

/**
 * Packages left out of the bundle and loaded from the image's production node_modules, each for a
 * reason esbuild cannot work around:
 * - @node-rs/argon2, sharp: native addons (.node files picked per platform through optional deps);
 * - pg-native: the optional native driver pg requires lazily, absent unless installed;
 * - @electric-sql/pglite: loads its .wasm and .data files from its own package directory;
 * - grpc-health-check: loads health.proto from its package directory (`${__dirname}/../../proto`);
 * - express, pg, ioredis, @grpc/grpc-js: the OpenTelemetry instrumentations patch these as Node's
 *   require() loads them, which never happens to code inlined in a bundle (ADR 054).
 */
export const TRACED_PACKAGES = ['express', 'pg', 'ioredis', '@grpc/grpc-js'];
export const EXTERNAL_PACKAGES = ['@node-rs/argon2', 'sharp', 'pg-native', '@electric-sql/pglite', 'grpc-health-check', ...TRACED_PACKAGES];

/** @returns {{ name: string, entry: string }[]} every bundle this repository can build now. */
export function discoverEntries(repoRoot = root) {
  const entries = [];
  const servicesDir = path.join(repoRoot, 'services');
  if (existsSync(servicesDir)) {
    for (const dirent of readdirSync(servicesDir, { withFileTypes: true })) {
      const entry = path.join(servicesDir, dirent.name, 'src', 'main.ts');
      if (dirent.isDirectory() && existsSync(entry)) entries.push({ name: dirent.name, entry });
    }
  }
  const gateway = path.join(repoRoot, 'gateway', 'src', 'main.ts');
  if (existsSync(gateway)) entries.push({ name: 'gateway', entry: gateway });
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

// The sources are written as ES modules; in a CommonJS bundle import.meta is empty, so its fields
// are mapped onto the CommonJS equivalents of the bundle file itself.
const importMetaShim = 'const __import_meta_url = require("node:url").pathToFileURL(__filename).href;';

async function bundle({ name, entry }) {
  const result = await build({
    entryPoints: [entry],
    outfile: path.join(outdir, `${name}.cjs`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    keepNames: true,
    external: EXTERNAL_PACKAGES,
    banner: { js: importMetaShim },
    define: {
      'import.meta.url': '__import_meta_url',
      'import.meta.dirname': '__dirname',
      'import.meta.filename': '__filename',
    },
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { name, bytes };
}

async function main(args) {
  const entries = discoverEntries();
  if (args.includes('--list')) {
    for (const e of entries) process.stdout.write(`${e.name}\n`);
    return;
  }
  const wanted = args.filter((a) => !a.startsWith('--'));
  const unknown = wanted.filter((w) => !entries.some((e) => e.name === w));
  if (unknown.length > 0) {
    throw new Error(`no entry point for ${unknown.join(', ')} (expected services/<name>/src/main.ts or gateway/src/main.ts)`);
  }
  const selected = wanted.length > 0 ? entries.filter((e) => wanted.includes(e.name)) : entries;
  if (selected.length === 0) {
    process.stdout.write('build-services: no entry points yet (no services/*/src/main.ts, no gateway/src/main.ts)\n');
    return;
  }
  if (wanted.length === 0) rmSync(outdir, { recursive: true, force: true });
  const built = await Promise.all(selected.map(bundle));
  for (const { name, bytes } of built) {
    process.stdout.write(`build-services: dist/${name}.cjs (${(bytes / 1024).toFixed(0)} KiB incl. source map)\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`build-services: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
