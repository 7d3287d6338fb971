import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireService } from './services';

describe('requireService', () => {
  // These tests skip on purpose: they must not count in the run's skip summary (CASKADE_SKIP_LOG).
  const saved = { CI: process.env.CI, REQUIRE_SERVICES: process.env.REQUIRE_SERVICES, CASKADE_SKIP_LOG: process.env.CASKADE_SKIP_LOG };
  beforeEach(() => {
    delete process.env.CASKADE_SKIP_LOG;
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    jest.restoreAllMocks();
  });
  const down = () => requireService('PostgreSQL', 'postgres://user:secret@db.invalid:5432/x', () => Promise.reject(new Error('ECONNREFUSED')));

  test('unreachable: warns SKIPPED loudly (without credentials), notes the suite for the summary and reports unavailable', async () => {
    delete process.env.CI;
    delete process.env.REQUIRE_SERVICES;
    const skipLog = path.join(mkdtempSync(path.join(tmpdir(), 'caskade-skips-')), 'skips.log');
    process.env.CASKADE_SKIP_LOG = skipLog;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(down().available('my suite')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SKIPPED: my suite — PostgreSQL not reachable at postgres://db.invalid:5432/x (ECONNREFUSED)'));
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('secret');
    expect(readFileSync(skipLog, 'utf8')).toBe('my suite (PostgreSQL)\n');
  });

  test.each([
    ['CI', 'true'],
    ['REQUIRE_SERVICES', '1'],
  ])('unreachable with %s=%s: fails instead of skipping', async (key, value) => {
    delete process.env.CI;
    delete process.env.REQUIRE_SERVICES;
    process.env[key] = value;
    await expect(down().available('my suite')).rejects.toThrow(/my suite requires PostgreSQL/);
  });

  test('a probe that never answers counts as unreachable', async () => {
    delete process.env.CI;
    delete process.env.REQUIRE_SERVICES;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gate = requireService('NATS', 'nats://x', () => new Promise(() => undefined), 20);
    await expect(gate.available('slow')).resolves.toBe(false);
  });

  test('reachable: available, probed once', async () => {
    const probe = jest.fn(() => Promise.resolve());
    const gate = requireService('NATS', 'nats://x', probe);
    await expect(gate.available('a')).resolves.toBe(true);
    await expect(gate.available('b')).resolves.toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});
