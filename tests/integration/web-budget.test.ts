/**
 * The JavaScript each of the landing, search and listing pages loads on a first visit, from the
 * build's Vite manifest: the entry chunk and the page's chunk with everything they import
 * statically (what the router loads before the page renders), counted as the brotli files the
 * gateway sends (ADR 057). Issue 12's budget, 150 KiB a page, is what this test enforces (ADR 062:
 * zod left the entry chunk; about 132 / 135 / 141 KiB when it was set).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describeWithServices } from '@caskade/kit/testing';
import { webBuildGate } from '../support/browser';

/** Issue 12's budget, KiB of compressed JavaScript per page on a first load. */
const JS_BUDGET_KIB = 150;
const DIST = process.env.TEST_WEB_DIST ?? path.resolve(__dirname, '..', '..', 'web', 'dist');
const PAGES = { landing: 'src/pages/LandingPage.tsx', search: 'src/pages/SearchPage.tsx', listing: 'src/pages/ListingPage.tsx' } as const;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

describeWithServices('web build: JavaScript per first page load', [webBuildGate], ({ test }) => {
  const manifestFile = path.join(DIST, '.vite', 'manifest.json');

  test('landing, search and listing each load at most 150 KiB of compressed JS, precompressed with brotli', () => {
    expect(existsSync(manifestFile)).toBe(true);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    expect(entry).toBe('index.html');
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
      return seen;
    };
    const sent = (file: string): number => {
      const full = path.join(DIST, file);
      // The gateway sends the .br beside a file; a file without one is compressed on the fly.
      return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : brotliCompressSync(readFileSync(full)).length;
    };
    const report = Object.entries(PAGES).map(([name, page]) => {
      expect({ name, built: page in manifest }).toEqual({ name, built: true });
      const keys = closure(page, closure(entry ?? ''));
      const files = [...keys].map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js'));
      for (const f of files) expect({ f, br: existsSync(path.join(DIST, `${f}.br`)) || statSync(path.join(DIST, f)).size < 1024 }).toEqual({ f, br: true });
      const kib = Math.round(files.reduce((sum, f) => sum + sent(f), 0) / 102.4) / 10;
      return { name, kib, files: files.length };
    });
    process.stdout.write(`first-load JS (brotli): ${report.map((r) => `${r.name} ${r.kib} KiB in ${r.files} files`).join(', ')}; budget ${JS_BUDGET_KIB} KiB\n`);
    for (const r of report) expect({ name: r.name, withinBudget: r.kib <= JS_BUDGET_KIB, kib: r.kib }).toMatchObject({ name: r.name, withinBudget: true });
  });
});
