import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const run = (entry: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });

describe('configuration is validated at boot', () => {
  it('identity refuses to start without a JWT secret and says why', () => {
    const r = run('services/identity/src/main.ts', { DATA_DIR: '/tmp/caskade-config-test' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('identity: invalid configuration');
    expect(r.stderr).toContain('JWT_SECRET');
  });

  it('the gateway names every bad value at once', () => {
    const r = run('gateway/src/main.ts', { JWT_SECRET: 'short', IDENTITY_ADDR: 'not an address', PORT: 'eighty' });
    expect(r.status).toBe(78);
    for (const name of ['JWT_SECRET', 'IDENTITY_ADDR', 'NOTIFICATIONS_ADDR', 'PORT']) expect(r.stderr).toContain(name);
  });

  it('a malformed DATABASE_URL is refused before anything connects', () => {
    const r = run('services/notifications/src/main.ts', { DATABASE_URL: 'not-a-url' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('DATABASE_URL');
  });
});
