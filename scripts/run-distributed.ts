import { randomBytes } from 'node:crypto';
import { startDistributed } from './distributed';

const env = process.env;
startDistributed({
  port: Number(env.PORT ?? 3000),
  postgresUrl: env.POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432',
  database: env.DATABASE_NAME ?? 'caskade',
  natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  jwtSecret: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
  grpcBasePort: Number(env.GRPC_BASE_PORT ?? 50061),
  operator: { email: env.OPERATOR_EMAIL ?? 'operator@example.com', password: env.OPERATOR_PASSWORD ?? 'Caskade-demo-2026' },
})
  .then((app) => {
    console.log(`Caskade (distributed: ${[...app.processes.keys()].join(', ')}) at http://localhost:${env.PORT ?? 3000}`);
    const shutdown = () => void app.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
