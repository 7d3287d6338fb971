/** The messaging bench's app: the embedded mode without the demo data (PORT, HOST, DATA_DIR, RATE_LIMIT_SCALE from the environment). */
import { startEmbedded } from '../scripts/embedded';

startEmbedded({ seed: false }).then(
  (app) => {
    // The bench asks for the heap and RSS after a full collection (node --expose-gc), over IPC.
    process.on('message', (msg) => {
      if (msg !== 'memory') return;
      (globalThis as { gc?: () => void }).gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      process.send?.({ heapUsed, rss });
    });
    const stop = () => void app.stop().then(() => process.exit(0), () => process.exit(1));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  },
  (err: unknown) => {
    process.stderr.write(`the bench app failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
