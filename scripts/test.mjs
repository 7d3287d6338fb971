// `npm test`: everything CI runs — lint, type-check, proto staleness, web build, then every jest
// project (unit, integration on PGlite and PostgreSQL, distributed processes on PostgreSQL, NATS
// and Redis, browser in Chromium). Ends with one summary line: "tests: N passed, N failed, N skipped"
// (a suite skipped for a missing server counts once under skipped).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim() };
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function step(title, cmd, cmdArgs, extraEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`--- ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return r.status === 0;
}

// npm runs this on the Node of the root devDependency `node` (ADR 072); every tool below inherits it through PATH.
console.log(`node ${process.version}`);
let ok = true;
const checks = !only;
if (checks) {
  ok = step('lint', bin('eslint'), ['.', '--max-warnings=0']) && ok;
  ok = step('type-check (services, gateway, tests)', bin('tsc'), ['-p', 'tsconfig.json']) && ok;
  if (existsSync(path.join(root, 'web', 'tsconfig.json'))) ok = step('type-check (web)', bin('tsc'), ['-p', 'web/tsconfig.json']) && ok;
  ok = step('type-check (k6 scenarios)', bin('tsc'), ['-p', 'load-tests/k6/tsconfig.json']) && ok;
  ok = step('proto lint and staleness', process.execPath, ['scripts/proto.mjs', '--check']) && ok;
  ok = step('web build', 'npm', ['run', 'build', '-w', '@caskade/web']) && ok;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// Integration and browser files each start an app from a data template (ADR 066) and used under one
// core with one worker (CPU 0.6 and 0.9 of wall time): two workers use the machine's two.
const projects = [
  { name: 'unit', workers: '2' },
  { name: 'integration', workers: '2' },
  { name: 'distributed', workers: '1' },
  { name: 'browser', workers: '2' },
].filter((p) => !only || only.includes(p.name));
for (const project of projects) {
  const out = path.join(tmpdir(), `caskade-jest-${project.name}-${process.pid}.json`);
  // Suites whose server is missing note themselves here (kit/testing recordSkip): their tests do nothing.
  const skipLog = path.join(tmpdir(), `caskade-skips-${project.name}-${process.pid}.log`);
  rmSync(out, { force: true });
  rmSync(skipLog, { force: true });
  const passed = step(`jest: ${project.name}`, bin('jest'), [
    '--selectProjects', project.name, '--maxWorkers', project.workers, '--json', '--outputFile', out, '--passWithNoTests', '--forceExit',
  ], { CASKADE_SKIP_LOG: skipLog });
  if (existsSync(skipLog)) {
    const skippedSuites = [...new Set(readFileSync(skipLog, 'utf8').split('\n').filter(Boolean))];
    console.log(`SKIPPED suites in ${project.name}:\n  ${skippedSuites.join('\n  ')}`);
    totals.skipped += skippedSuites.length;
    rmSync(skipLog, { force: true });
  }
  ok = passed && ok;
  if (existsSync(out)) {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += result.numPendingTests + result.numTodoTests;
    // Where the stage's time goes: its slowest files (wall time of each, workers run in parallel).
    const slowest = result.testResults
      .map((r) => ({ file: path.relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 12);
    console.log(`slowest files in ${project.name}:\n${slowest.map((s) => `  ${s.seconds.toFixed(1).padStart(6)} s  ${s.file}`).join('\n')}`);
    rmSync(out, { force: true });
  } else {
    totals.failed += 1;
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
