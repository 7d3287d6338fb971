import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { embeddedVapidKeys, vapidKeyFile } from './vapid-keys';

describe('embedded VAPID keys', () => {
  it('are generated once into DATA_DIR (0600) and read back on the next start; an in-memory run gets a fresh pair', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    try {
      const first = await embeddedVapidKeys(dir, 'mailto:ops@caskade.example');
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
      expect(statSync(vapidKeyFile(dir)).mode & 0o777).toBe(0o600);
      const again = await embeddedVapidKeys(dir, 'mailto:other@caskade.example');
      expect(again).toEqual({ ...first, subject: 'mailto:other@caskade.example' });
      const memory = await embeddedVapidKeys(':memory:', 'mailto:ops@caskade.example');
      expect(memory.publicKey).not.toBe(first.publicKey);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
