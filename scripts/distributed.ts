/**
 * The distributed mode on one machine: every service and the gateway as its own process against
 * PostgreSQL, NATS JetStream and Redis — what the cluster runs, minus Kubernetes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { addressEnv, checkHealth, clusterKeyEnv, generateClusterKeys, SERVICE_NAMES, serviceEntry, type ClusterKeys } from '@caskade/kit';
import { claimPort } from './ports';

const root = path.resolve(__dirname, '..');

export interface DistributedOptions {
  port: number;
  /** Server URL without a database name, e.g. postgres://postgres@127.0.0.1:5432 */
  postgresUrl: string;
  database: string;
  natsUrl: string;
  redisUrl: string;
  /** The keys of tokens and service credentials (ADR 053); new ones for this run when absent. */
  keys?: ClusterKeys;
  /** First of consecutive gRPC ports, one per service; free ports are picked when absent. */
  grpcBasePort?: number;
  operator?: { email: string; password: string };
  logLevel?: string;
  rateLimitScale?: number;
  /** Where process output goes; inherit for the npm script, ignore or a callback for tests. */
  onOutput?: (service: string, line: string) => void;
  /**
   * Start a service again when it dies on its own (the npm script; as Kubernetes would). Tests that
   * crash a service on purpose leave it off and restart it themselves. At most 5 restarts a minute.
   */
  autoRestart?: boolean;
  /** Extra Node.js flags for every process (the bench's --cpu-prof). */
  nodeArgs?: string[];
  /** Extra environment for some services (tests: shorter payment windows, say). */
  serviceEnv?: Partial<Record<string, Record<string, string>>>;
  /** More gateway replicas on these ports (tests: a stream on one, the sender on another). */
  extraGatewayPorts?: number[];
}

export interface DistributedApp {
  url: string;
  /** Every gateway replica's URL, the first being `url`. */
  gatewayUrls: string[];
  processes: Map<string, ChildProcess>;
  /** Each service's gRPC address (host:port), by service name. */
  addresses: Readonly<Record<string, string>>;
  databaseUrl: string;
  /** Kill one process hard (SIGKILL), as a crash would. */
  crash(name: string): Promise<void>;
  /** Start a crashed service again and wait until it is healthy. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

const SERVICES = SERVICE_NAMES;

export async function ensureDatabase(serverUrl: string, database: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name ${database}`);
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${database}`;
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
  } finally {
    await client.end();
  }
}

async function waitFor(what: string, probe: () => Promise<boolean>, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} was not ready within ${timeoutMs} ms`);
}

export async function startDistributed(opts: DistributedOptions): Promise<DistributedApp> {
  // A leftover instance on a port would answer the health checks below and make a failed start look ready.
  await claimPort(opts.port, 'the gateway');
  const grpcPorts: number[] = [];
  for (const [i, service] of SERVICES.entries()) grpcPorts.push(await claimPort(opts.grpcBasePort === undefined ? 0 : opts.grpcBasePort + i, service));
  const databaseUrl = await ensureDatabase(opts.postgresUrl, opts.database);
  const keys = opts.keys ?? generateClusterKeys([...SERVICES, 'gateway']);
  const processes = new Map<string, ChildProcess>();
  const launches = new Map<string, () => Promise<void>>();
  const addresses: Record<string, string> = {};
  const publicUrl = `http://localhost:${opts.port}`;
  const spawnProcess = (name: string, entry: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: opts.logLevel ?? 'info', ...env },
      stdio: opts.onOutput ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (opts.onOutput) {
      const forward = (buf: Buffer) => {
        for (const line of buf.toString().split('\n')) if (line.trim()) opts.onOutput?.(name, line);
      };
      child.stdout?.on('data', forward);
      child.stderr?.on('data', forward);
    }
    processes.set(name, child);
    return child;
  };
  let stopping = false;
  const restartTimes = new Map<string, number[]>();
  const stop = async () => {
    stopping = true;
    const all = [...processes.entries()].reverse();
    for (const [, child] of all) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      all.map(
        ([, child]) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => {
              child.kill('SIGKILL');
              resolve();
            }, 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };
  for (const [i, service] of SERVICES.entries()) addresses[service] = `127.0.0.1:${grpcPorts[i] ?? 0}`;
  try {
    await Promise.all(
      SERVICES.map(async (service, i) => {
        const port = grpcPorts[i] ?? 0;
        const launch = async () => {
        const child = spawnProcess(service, `services/${service}/src/main.ts`, {
          DATABASE_URL: databaseUrl,
          NATS_URL: opts.natsUrl,
          REDIS_URL: opts.redisUrl,
          GRPC_PORT: String(port),
          GRPC_HOST: '127.0.0.1',
          ...clusterKeyEnv(keys, service),
          PUBLIC_URL: publicUrl,
          DATA_DIR: path.join(root, 'data', 'distributed'),
          ...Object.fromEntries(serviceEntry(service).calls.map((callee) => [addressEnv(callee), addresses[callee] ?? ''])),
          ...(opts.operator ? { OPERATOR_EMAIL: opts.operator.email, OPERATOR_PASSWORD: opts.operator.password } : {}),
          ...opts.serviceEnv?.[service],
        });
        await waitFor(service, () => checkHealth(`127.0.0.1:${port}`), child);
        if (opts.autoRestart) {
          child.once('exit', (code, signal) => {
            if (stopping) return;
            const recent = (restartTimes.get(service) ?? []).filter((t) => Date.now() - t < 60_000);
            if (recent.length >= 5) {
              console.error(`${service} exited (${signal ?? code}) 5 times within a minute; not restarting it`);
              return;
            }
            restartTimes.set(service, [...recent, Date.now()]);
            console.error(`${service} exited (${signal ?? code}); restarting it`);
            setTimeout(() => {
              if (!stopping) launch().catch((err: unknown) => console.error(`${service} failed to restart:`, err));
            }, 1000);
          });
        }
        };
        launches.set(service, launch);
        await launch();
      }),
    );
    for (const [i, port] of [opts.port, ...(opts.extraGatewayPorts ?? [])].entries()) {
      const name = i === 0 ? 'gateway' : `gateway-${i + 1}`;
      const gateway = spawnProcess(name, 'gateway/src/main.ts', {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        ...clusterKeyEnv(keys, 'gateway'),
        REDIS_URL: opts.redisUrl,
        NATS_URL: opts.natsUrl,
        ...Object.fromEntries(SERVICES.map((service) => [addressEnv(service), addresses[service] ?? ''])),
        WEB_DIST: path.join(root, 'web', 'dist'),
        RATE_LIMIT_SCALE: String(opts.rateLimitScale ?? 1),
        ...opts.serviceEnv?.['gateway'],
      });
      await waitFor(name, async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
        } catch {
          return false;
        }
      }, gateway);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  const crash = async (name: string) => {
    const child = processes.get(name);
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  };
  const restart = async (name: string) => {
    const launch = launches.get(name);
    if (!launch) throw new Error(`no service ${name}`);
    await launch();
  };
  return { url: `http://127.0.0.1:${opts.port}`, gatewayUrls: [opts.port, ...(opts.extraGatewayPorts ?? [])].map((p) => `http://127.0.0.1:${p}`), processes, addresses, databaseUrl, crash, restart, stop };
}
