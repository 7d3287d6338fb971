// The chart's NATS (templates/infra-nats.yaml, rendered with the dev values) run with the real
// nats-server, and the services' connection (services/kit: NATS_USER/NATS_PASSWORD through
// natsAuthOptions): the chart's user gets in, a wrong or missing password does not.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createLogger, NatsEventBus, natsAuthOptions, natsBroadcast } from '@caskade/kit';
import { describeWithServices, requireService } from '@caskade/kit/testing';
import { findHelm, helmTemplate, type K8sObject } from './k8s-tools';

const natsServerBin = process.env.NATS_SERVER_BIN ?? (spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).stdout.trim().split('\n')[0] ?? '');
const natsServer = requireService('nats-server binary', natsServerBin || 'nats-server on PATH', async () => {
  if (!natsServerBin || spawnSync(natsServerBin, ['--version']).status !== 0) throw new Error('no nats-server binary');
});
const helmBin = findHelm();
const helm = requireService('helm', helmBin ?? 'helm', async () => {
  if (!helmBin) throw new Error('no helm binary');
});

const PASSWORD = 'chart-nats-password';
const logger = createLogger('cluster-nats-test', 'silent');

describeWithServices("the chart's NATS and the services' credentials", [natsServer, helm], (t) => {
  let dir = '';
  let server: ChildProcess | undefined;
  let url = '';

  t.beforeAll(async () => {
    const rendered = helmTemplate(helmBin!, { valuesFiles: ['values-dev.yaml'] });
    if (!rendered.ok) throw new Error(rendered.stderr);
    const config = rendered.objects.map((o) => o.doc as K8sObject & { data?: Record<string, string> }).find((d) => d.kind === 'ConfigMap' && d.metadata.name === 'caskade-nats-config');
    dir = mkdtempSync(path.join(tmpdir(), 'caskade-nats-'));
    // The pod's volume paths moved to a temp directory; everything else as rendered.
    const conf = config!.data!['nats.conf']!.replace('store_dir: /data', `store_dir: ${JSON.stringify(path.join(dir, 'js'))}`).replace('/var/run/nats/nats.pid', path.join(dir, 'nats.pid'));
    writeFileSync(path.join(dir, 'nats.conf'), conf);
    const port = 20000 + Math.floor(Math.random() * 20000);
    server = spawn(natsServerBin, ['-c', path.join(dir, 'nats.conf'), '-a', '127.0.0.1', '-p', String(port), '-m', String(port + 1)], {
      env: { PATH: process.env.PATH, POD_NAME: 'caskade-nats-0', NATS_PASSWORD: PASSWORD },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${log}`)), 15_000);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Server is ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.once('exit', (code) => reject(new Error(`nats-server exited ${code}:\n${log}`)));
    });
    url = `nats://127.0.0.1:${port}`;
  }, 30_000);

  t.afterAll(async () => {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  t.test('a service with NATS_USER and NATS_PASSWORD connects and gets its JetStream streams', async () => {
    const bus = await NatsEventBus.connect({ url, logger, name: 'test', auth: natsAuthOptions({ NATS_USER: 'caskade', NATS_PASSWORD: PASSWORD }) });
    await bus.close();
  });

  t.test("the gateway's Deployment signs in too: its live-event fan-out, with the rendered NATS_USER and the password, hears a service's event", async () => {
    const rendered = helmTemplate(helmBin!, { valuesFiles: ['values-dev.yaml'] });
    if (!rendered.ok) throw new Error(rendered.stderr);
    type Container = { name: string; env?: Array<{ name: string; value?: string; valueFrom?: { secretKeyRef?: { key: string } } }> };
    const gateway = rendered.objects.map((o) => o.doc as K8sObject & { spec?: { template?: { spec?: { containers?: Container[] } } } })
      .find((d) => d.kind === 'Deployment' && d.metadata.name === 'caskade-gateway');
    const env = gateway?.spec?.template?.spec?.containers?.[0]?.env ?? [];
    const user = env.find((e) => e.name === 'NATS_USER')?.value;
    expect(user).toBe('caskade');
    expect(env.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe('NATS_PASSWORD');
    const broadcast = await natsBroadcast(url, logger, 'gateway-live-test', natsAuthOptions({ NATS_USER: user, NATS_PASSWORD: PASSWORD }));
    const bus = await NatsEventBus.connect({ url, logger, name: 'test', auth: natsAuthOptions({ NATS_USER: 'caskade', NATS_PASSWORD: PASSWORD }) });
    try {
      const heard: string[] = [];
      await broadcast.subscribe(['orders.order.transitioned'], (e) => heard.push(e.id));
      const id = randomUUID();
      await bus.publish({ id, type: 'orders.order.transitioned', occurredAt: new Date().toISOString(), aggregateId: id, aggregateVersion: 1, data: {} });
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([id]);
    } finally {
      await broadcast.close();
      await bus.close();
    }
  });

  t.test('a wrong password or none is refused', async () => {
    await expect(NatsEventBus.connect({ url, logger, auth: natsAuthOptions({ NATS_USER: 'caskade', NATS_PASSWORD: 'wrong' }) })).rejects.toThrow(/auth/i);
    await expect(NatsEventBus.connect({ url, logger })).rejects.toThrow(/auth/i);
  });

  t.test('the settings are checked: a user without a password, or creds and a password together, are errors', () => {
    expect(() => natsAuthOptions({ NATS_USER: 'caskade' })).toThrow(/NATS_USER and NATS_PASSWORD go together/);
    expect(() => natsAuthOptions({ NATS_CREDS_FILE: '/x.creds', NATS_USER: 'a', NATS_PASSWORD: 'b' })).toThrow(/not both/);
    expect(natsAuthOptions({ NATS_CREDS_FILE: '/x.creds', NATS_TLS_CA_FILE: '/ca.crt' })).toEqual({ authenticator: expect.any(Function), tls: { caFile: '/ca.crt' } });
  });
});
