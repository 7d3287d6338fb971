import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startDistributed } from './distributed';

const env = process.env;

/** DATABASE_URL names the database to use (created when missing); its server part is where it lives. */
function database(): { postgresUrl: string; database: string } {
  const url = new URL(env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/caskade');
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'caskade';
  url.pathname = '';
  return { postgresUrl: url.toString().replace(/\/$/, ''), database: name };
}

/** Demo accounts exist only in the embedded mode: the local operator (who reads the mailbox) gets a
 *  random password, made on the first run and kept beside the data, since the account outlives a run. */
function generatedOperatorPassword(): string {
  const file = path.resolve(__dirname, '..', 'data', 'distributed', 'operator-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const password = randomBytes(12).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}
const operator = {
  email: env.OPERATOR_EMAIL ?? 'operator@example.com',
  password: env.OPERATOR_PASSWORD ?? generatedOperatorPassword(),
};
startDistributed({
  port: Number(env.PORT ?? 3000),
  ...database(),
  natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  ...(env.GRPC_BASE_PORT ? { grpcBasePort: Number(env.GRPC_BASE_PORT) } : {}),
  operator,
  autoRestart: true,
})
  .then((app) => {
    console.log(`Caskade (distributed: ${[...app.processes.keys()].join(', ')}) at http://localhost:${env.PORT ?? 3000}`);
    if (!env.OPERATOR_PASSWORD) console.log(`Operator login: ${operator.email} / ${operator.password} (kept in data/distributed/operator-password; OPERATOR_PASSWORD chooses another for a new database)`);
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      void app.stop().then(() => process.exit(0));
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
