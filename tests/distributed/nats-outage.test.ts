/**
 * The distributed mode started while NATS is down (ADR 030): every service starts and serves,
 * sign-ups work, their events wait in identity's outbox; once NATS comes up every verification
 * email is sent exactly once. The suite runs a NATS server of its own on a free port, started late,
 * so the machine's shared server is never stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireService } from '@caskade/kit/testing';
import { waitForMail, type Mail } from '../support/accounts';
import { ApiSession } from '../support/http';
import { useDistributedApp } from '../support/distributed';
import { freePort } from '../support/ports';
import { buyerSignup } from '../support/accounts';

const SUITE = 'distributed: started without NATS';
const OPERATOR = { email: 'operator@example.com', password: 'Operator-pass-2026' };
const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const natsBinary = requireService('nats-server binary', NATS_SERVER, async () => {
  if (!existsSync(NATS_SERVER)) throw new Error('not installed (apt-get install nats-server)');
});

let port = 0;
let server: ChildProcess | null = null;
const storeDir = mkdtempSync(path.join(tmpdir(), 'caskade-nats-outage-'));
beforeAll(async () => {
  port = await freePort();
}, 10_000);
const fixture = useDistributedApp(SUITE, { operator: OPERATOR, natsUrl: () => `nats://127.0.0.1:${port}`, autoRestart: true });
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(storeDir, { recursive: true, force: true });
});

describe(SUITE, () => {
  fixture.test('serves sign-ups with NATS down; once NATS is up every verification email is sent exactly once', async (app) => {
    expect(await natsBinary.available(SUITE)).toBe(true);
    const emails = ['held-1@example.com', 'held-2@example.com', 'held-3@example.com'];
    for (const email of emails) expect((await new ApiSession(app.url).post('/api/auth/sign-up', buyerSignup(email))).status).toBe(201);
    server = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
    for (const email of emails) await waitForMail(app.url, email, 'verify-email', { operator: OPERATOR, timeoutMs: 40_000 });
    await new Promise((r) => setTimeout(r, 1000)); // a duplicate would have arrived by now
    const operator = new ApiSession(app.url);
    expect((await operator.post('/api/auth/login', OPERATOR)).status).toBe(200);
    for (const email of emails) {
      const all = await operator.get<{ data: Mail[] }>(`/api/operator/mailbox?to=${encodeURIComponent(email)}`);
      expect({ email, sent: all.body.data.filter((m) => m.kind === 'verify-email').length }).toEqual({ email, sent: 1 });
    }
  }, 90_000);

  fixture.test('the launcher starts a service again when it dies (kill -9), as Kubernetes would', async (app) => {
    const catalog = app.processes.get('catalog');
    expect(catalog?.pid).toEqual(expect.any(Number));
    catalog?.kill('SIGKILL');
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      const again = app.processes.get('catalog');
      if (again && again !== catalog && again.exitCode === null) {
        status = (await fetch(`${app.url}/api/listings?perPage=1`)).status;
        if (status === 200) break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect(app.processes.get('catalog')?.pid).not.toBe(catalog?.pid);
  }, 60_000);
});
