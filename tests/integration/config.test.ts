import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { clusterKeyEnv, generateClusterKeys } from '@caskade/kit';

const root = path.resolve(__dirname, '..', '..');
const run = (entry: string, env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', entry], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });

describe('configuration is validated at boot', () => {
  it('identity refuses to start without its keys and says which (ADR 053)', () => {
    const r = run('services/identity/src/main.ts', { DATA_DIR: '/tmp/caskade-config-test' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('identity: invalid configuration');
    for (const name of ['ACCESS_TOKEN_SIGNING_KEY', 'ACCESS_TOKEN_PUBLIC_KEYS', 'SERVICE_SIGNING_KEY', 'SERVICE_PUBLIC_KEYS']) expect(r.stderr).toContain(name);
  });

  it('a workload refuses another workload’s service key, and any workload but identity refuses the access-token signing key', () => {
    const keys = generateClusterKeys(['identity', 'catalog', 'gateway']);
    const r = run('services/catalog/src/main.ts', { ...clusterKeyEnv(keys, 'gateway'), ACCESS_TOKEN_SIGNING_KEY: keys.accessSigningKey, IDENTITY_ADDR: '127.0.0.1:1', DATA_DIR: '/tmp/caskade-config-test' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('SERVICE_SIGNING_KEY: its kid gateway.');
    expect(r.stderr).toContain('ACCESS_TOKEN_SIGNING_KEY: only identity holds the access-token signing key');
    expect(r.stderr).not.toContain(JSON.parse(keys.accessSigningKey).d); // a key never appears in the output
  });

  it('the gateway names every bad value at once', () => {
    const r = run('gateway/src/main.ts', { SERVICE_PUBLIC_KEYS: '{"keys":"none"}', IDENTITY_ADDR: 'not an address', PORT: 'eighty' });
    expect(r.status).toBe(78);
    for (const name of ['SERVICE_PUBLIC_KEYS', 'SERVICE_SIGNING_KEY', 'ACCESS_TOKEN_PUBLIC_KEYS', 'IDENTITY_ADDR', 'NOTIFICATIONS_ADDR', 'PORT']) expect(r.stderr).toContain(name);
  });

  it('a malformed DATABASE_URL is refused before anything connects', () => {
    const r = run('services/notifications/src/main.ts', { DATABASE_URL: 'not-a-url' });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('DATABASE_URL');
  });
});
