#!/usr/bin/env node
// `npm run bench [-- search|embedded|checkout|messaging|web]`: load scenarios against the real processes on this machine
// (search and checkout by default). web: load-tests/web.mjs (Lighthouse on three pages). checkout: load-tests/checkout.ts (orders/s and zero oversell, distributed mode).
//
// search: load-tests/search.ts — 100,000 published listings in PostgreSQL, the catalog service and
// the gateway as their own processes, autocannon on a popular and a long-tail mix (req/s, p50/p95/p99,
// CPU ms per request), then what the gateway + gRPC hop adds. Run with NODE_ENV=production.
// embedded: load-tests/embedded.ts — `npm start`'s one process on PGlite with the demo catalog: a listing page and search.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webScenario } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const children = [];
async function stopAll() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** search: load-tests/search.ts (the popular and long-tail mixes, CPU per request, the gateway hop). */
function searchScenario() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'load-tests', 'search.ts')], { cwd: root, stdio: 'inherit', env: process.env });
    children.push(child);
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** embedded: load-tests/embedded.ts (the embedded default with the demo catalog: a listing page and search). */
function embeddedScenario() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'load-tests', 'embedded.ts')], { cwd: root, stdio: 'inherit', env: process.env });
    children.push(child);
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** checkout: load-tests/checkout.ts (the distributed mode's processes, started from TypeScript). */
function checkoutScenario() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'load-tests', 'checkout.ts')], { cwd: root, stdio: 'inherit', env: process.env });
    children.push(child);
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** messaging: load-tests/messaging.ts (event streams held open on one gateway while conversations exchange messages). */
function messagingScenario() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'load-tests', 'messaging.ts')], { cwd: root, stdio: 'inherit', env: process.env });
    children.push(child);
    child.on('exit', (code) => resolve(code === 0));
  });
}

// web is run by name only (`npm run bench -- web`): it measures pages, not throughput.
const scenarios = { search: searchScenario, embedded: embeddedScenario, checkout: checkoutScenario, messaging: messagingScenario, web: webScenario };
const byDefault = ['search', 'checkout'];
const chosen = process.argv[2] ? [process.argv[2]] : byDefault;
const unknown = chosen.filter((s) => !(s in scenarios));
if (unknown.length > 0) {
  console.error(`unknown scenario ${unknown.join(', ')}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
const run = async () => {
  let ok = true;
  for (const name of chosen) ok = (await scenarios[name]()) && ok;
  return ok;
};
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => stopAll().then(() => process.exit(130)));
run().then(
  (ok) => process.exit(ok ? 0 : 1),
  async (err) => {
    console.error(err);
    await stopAll();
    process.exit(1);
  },
);
