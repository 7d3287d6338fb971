import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalImageStore } from './local-store';
import { createS3ImageStore } from './s3-store';
import { variantKey, type ImageStore } from './store';

/**
 * The contract every image store keeps. The local store runs it always; the S3 store runs it when
 * TEST_S3_BUCKET (plus TEST_S3_ENDPOINT and credentials in the usual AWS variables) points at a
 * bucket — none is reachable on the build machines, so there it is type-checked only.
 */
const stores: Array<[string, () => { store: ImageStore; cleanup: () => void }]> = [
  ['local', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'image-store-'));
    return { store: createLocalImageStore(dir), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }],
];
if (process.env.TEST_S3_BUCKET) {
  stores.push(['s3', () => ({
    store: createS3ImageStore({
      bucket: process.env.TEST_S3_BUCKET ?? '', region: process.env.TEST_S3_REGION ?? 'us-east-1', endpoint: process.env.TEST_S3_ENDPOINT,
      forcePathStyle: true, prefix: `contract-${Date.now()}/`,
    }),
    cleanup: () => undefined,
  })]);
}

describe.each(stores)('image store contract: %s', (_name, make) => {
  let store: ImageStore;
  let cleanup: () => void;
  beforeAll(() => ({ store, cleanup } = make()));
  afterAll(() => cleanup());

  const id = '0d9e1f2a-3b4c-4d5e-8f60-718293a4b5c6';

  it('stores, reads back and deletes a variant', async () => {
    const key = variantKey(id, 'listing-card');
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from('jpeg bytes'), 'image/jpeg');
    expect((await store.get(key))?.toString()).toBe('jpeg bytes');
    await store.put(key, Buffer.from('same key, same bytes'), 'image/jpeg');
    expect((await store.get(key))?.toString()).toBe('same key, same bytes');
    await store.delete([key, variantKey(id, 'scaled-400')]);
    expect(await store.get(key)).toBeNull();
    await store.delete([]);
  });

  it('refuses keys that are not <uuid>/<variant>.jpg', async () => {
    for (const key of ['../etc/passwd', `${id}/../../x.jpg`, `${id}/Card.jpg`, `${id}/card.png`, 'x/card.jpg']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid image key/);
      await expect(store.get(key)).rejects.toThrow(/invalid image key/);
    }
  });
});
