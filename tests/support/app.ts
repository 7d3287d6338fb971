import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../../scripts/embedded';
import { freePort } from './ports';

export interface TestApp {
  url: string;
  /** The app's data folder (PGlite files, the embedded JWT secret). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The whole marketplace in this process (embedded mode) on fresh data and a free port. */
export async function startApp(opts: { rateLimitScale?: number } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caskade-app-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startEmbedded({
    port,
    dataDir,
    publicUrl: url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'warn',
    rateLimitScale: opts.rateLimitScale ?? 20,
    // Lets several checkouts of work in progress build the web app into their own folders.
    ...(process.env.TEST_WEB_DIST ? { webDist: process.env.TEST_WEB_DIST } : {}),
  });
  return {
    url,
    dataDir,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
