import { shutdownTracing } from '@caskade/kit';
import { startEmbedded } from './embedded';

startEmbedded()
  .then((app) => {
    app.logger.info(`Caskade is running at http://localhost:${app.port} (demo logins in README.md)`);
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      // Spans still buffered (tracing on) are exported before the process exits.
      app.stop().then(
        () => shutdownTracing().then(() => process.exit(0)),
        () => shutdownTracing().then(() => process.exit(1)),
      );
    };
    // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and forwarded by
    // npm/start.mjs), and a second signal without a handler would kill it mid-shutdown.
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  })
  .catch((err: unknown) => {
    process.stderr.write(`Caskade failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
