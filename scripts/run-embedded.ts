import { startEmbedded } from './embedded';

startEmbedded()
  .then((app) => {
    app.logger.info(`Caskade is running at http://localhost:${app.port} (demo logins in README.md)`);
    let stopping = false;
    const shutdown = () => {
      if (stopping) return;
      stopping = true;
      app.stop().then(() => process.exit(0), () => process.exit(1));
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  })
  .catch((err: unknown) => {
    process.stderr.write(`Caskade failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
