import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/** The application server's VAPID key pair (base64url; the public key is the uncompressed P-256 point browsers subscribe with). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the server (mailto: or https:), sent in the VAPID JWT so push services can reach us. */
  subject: string;
}

const stored = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/** Where the embedded mode keeps its pair. */
export const vapidKeyFile = (dataDir: string) => join(dataDir, 'notifications', 'vapid-keys.json');

/**
 * The embedded mode's pair: read from DATA_DIR, generated and written there on first start (mode
 * 0600, written atomically) so subscriptions keep working across restarts. With an in-memory data
 * dir (tests) a fresh pair lives as long as the process.
 */
export async function embeddedVapidKeys(dataDir: string, subject: string): Promise<VapidKeys> {
  if (dataDir === ':memory:') return { ...webpush.generateVAPIDKeys(), subject };
  const file = vapidKeyFile(dataDir);
  try {
    const parsed = stored.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return { ...parsed.data, subject };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && !(err instanceof SyntaxError)) throw err;
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(join(dataDir, 'notifications'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(keys), { mode: 0o600 });
  await rename(tmp, file);
  return { ...keys, subject };
}
