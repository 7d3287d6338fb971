import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { catalog } from '@caskade/proto';
import { corruptPngImageData, expectAppError } from '@caskade/kit/testing';
import { variantKey } from '../images/store';
import { ORPHAN_IMAGE_AGE_MS, removeOrphanImages } from './remove-orphan-images';
import { as, beer, describeCatalog, ids } from '../testing/harness';

describeCatalog('upload images and remove unused ones', (h, { test: it }) => {
  const imageRows = async () => Number((await h().svc.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  // First in the file, so every upload older than a day is one of this test's.
  it('removes uploads that no listing or brand uses after a day, and keeps every image in use', async () => {
    const { client, upload, svc, clock } = h();
    const used = await upload(as.vines);
    const { listing } = await client.createListing({ fields: beer('Photo Keeper', 24_000, { imageIds: [used.id] }), stockQuantity: 1 }, as.vines);
    expect(listing?.images.map((i) => i.id)).toEqual([used.id]);
    const logo = await upload(as.vines);
    await client.updateOwnBrand(catalog.UpdateOwnBrandRequest.fromPartial({ logoImageId: logo.id }), as.vines);
    const orphan = await upload(as.vines);
    const orphanKeys = ['listing-card', 'scaled-400'].map((v) => variantKey(orphan.id, v));
    expect((await svc.deps.images.get(orphanKeys[0] ?? ''))?.length).toBeGreaterThan(0);
    // Within a day nothing goes.
    expect(await removeOrphanImages(svc.deps)).toEqual({ removed: 0, more: false });
    const saved = clock.now;
    clock.now += ORPHAN_IMAGE_AGE_MS + 60_000;
    try {
      expect(await removeOrphanImages(svc.deps)).toEqual({ removed: 1, more: false });
      const left = await svc.db.selectFrom('images').select('id').where('id', 'in', [used.id, logo.id, orphan.id]).execute();
      expect(left.map((r) => r.id).sort()).toEqual([used.id, logo.id].sort());
      for (const key of orphanKeys) expect(await svc.deps.images.get(key)).toBeNull();
      expect((await svc.deps.images.get(variantKey(used.id, 'listing-card')))?.length).toBeGreaterThan(0);
      expect((await removeOrphanImages(svc.deps)).removed).toBe(0);
    } finally {
      clock.now = saved;
    }
  });

  it('checks uploads by content and stores nothing it refuses', async () => {
    const { client, png, imageDir } = h();
    const before = readdirSync(imageDir).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const e1 = await expectAppError(client.uploadImage({ data: html, fileName: 'cat.jpg' }, as.hops), 'unsupported-media-type');
    expect(e1.meta).toMatchObject({ reason: 'not-jpg-gif-png' });
    await expectAppError(client.uploadImage({ data: png.subarray(0, Math.floor(png.length / 2)), fileName: 'cut.png' }, as.hops), 'validation-invalid-value');
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).webp().toBuffer();
    await expectAppError(client.uploadImage({ data: webp, fileName: 'x.png' }, as.hops), 'unsupported-media-type');
    const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1, 0);
    png.copy(tooBig);
    await expectAppError(client.uploadImage({ data: tooBig, fileName: 'big.png' }, as.hops, { deadlineMs: 20_000 }), 'request-upload-over-limit');
    await expectAppError(client.uploadImage({ data: png, fileName: 'a.png' }, as.anon), 'auth-unauthenticated');
    expect(readdirSync(imageDir).length).toBe(before);
    await expectAppError(client.getImageVariant({ imageId: ids.hops, variant: 'listing-card' }, as.anon), 'not-found');
    await expectAppError(client.getImageVariant({ imageId: '../../etc', variant: 'passwd' }, as.anon), 'not-found');
    const gif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } }).gif().toBuffer();
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00a' } }).jpeg().toBuffer();
    expect((await client.uploadImage({ data: gif, fileName: 'a.bin' }, as.buyer)).image?.variants).toHaveLength(6);
    expect((await client.uploadImage({ data: jpg, fileName: 'a.png' }, as.buyer)).image?.variants).toHaveLength(6);
  });

  it('refuses a complete PNG whose image data is corrupt, and stores nothing', async () => {
    const { client, png, imageDir } = h();
    const corrupt = corruptPngImageData(png);
    expect(corrupt.length).toBe(png.length);
    const filesBefore = readdirSync(imageDir).length;
    const rowsBefore = await imageRows();
    const err = await expectAppError(client.uploadImage({ data: corrupt, fileName: 'photo.png' }, as.hops), 'validation-invalid-value');
    expect(err.meta?.fields).toEqual({ image: 'validation.imageUnreadable' });
    expect(readdirSync(imageDir).length).toBe(filesBefore);
    expect(await imageRows()).toBe(rowsBefore);
  });
});
