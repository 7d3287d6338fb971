import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { assertImageKey, type ImageStore } from './store';

/** Variants as files under one directory (DATA_DIR/catalog-images by default). Writes are atomic (temp file, then rename). */
export function createLocalImageStore(root: string): ImageStore {
  const dir = path.resolve(root);
  const file = (key: string) => {
    assertImageKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(keys) {
      for (const key of keys) await rm(file(key), { force: true });
      const folders = new Set(keys.map((k) => path.dirname(file(k))));
      for (const folder of folders) await rmdir(folder).catch(() => undefined); // only when empty
    },
  };
}
