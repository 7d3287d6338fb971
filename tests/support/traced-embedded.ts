/**
 * The embedded app in a process of its own, loaded as `npm start` loads it (the kit's first import
 * starts tracing from the environment, before express, pg and grpc-js load), on fresh data and
 * without the demo seed: tests/integration/tracing.test.ts exports its spans to a local receiver.
 * Prints one JSON line `{"ready": url}` on stdout once serving; stops on SIGTERM.
 */
import { shutdownTracing } from '@caskade/kit';
import { startEmbedded } from '../../scripts/embedded';

const port = Number(process.env.PORT);
startEmbedded({
  port,
  dataDir: process.env.DATA_DIR ?? '',
  seed: false,
  publicUrl: `http://127.0.0.1:${port}`,
  ...(process.env.TEST_WEB_DIST ? { webDist: process.env.TEST_WEB_DIST } : {}),
})
  .then((app) => {
    process.stdout.write(`${JSON.stringify({ ready: app.url })}\n`);
    process.once('SIGTERM', () => {
      app.stop().then(
        () => shutdownTracing().then(() => process.exit(0)),
        () => process.exit(1),
      );
    });
  })
  .catch((err: unknown) => {
    process.stderr.write(`traced embedded app failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
