import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultImageDir } from './index';

describe('catalog image directory', () => {
  it('keeps the images of an in-memory run in a temporary directory, never ./catalog-images', () => {
    const dir = defaultImageDir(':memory:');
    try {
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(existsSync(dir)).toBe(true);
      expect(path.resolve(dir)).not.toBe(path.resolve('catalog-images'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(defaultImageDir('/var/lib/caskade')).toBe(path.join('/var/lib/caskade', 'catalog-images'));
  });
});
