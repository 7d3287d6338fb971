import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { catalog } from '@caskade/proto';
import { corruptPngImageData, expectAppError } from '@caskade/kit/testing';
import { variantKey, webpVariantKey } from '../images/store';
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
    // A browser asked for its WebP copy once: that copy goes with the image too.
    expect((await client.getImageVariant({ imageId: orphan.id, variant: 'scaled-400', format: 'webp' }, as.anon)).contentType).toBe('image/webp');
    const orphanKeys = [...['listing-card', 'scaled-400'].map((v) => variantKey(orphan.id, v)), webpVariantKey(orphan.id, 'scaled-400')];
    for (const key of orphanKeys) expect((await svc.deps.images.get(key))?.length).toBeGreaterThan(0);
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

  it('answers a variant as WebP when asked (made from the JPEG once, then kept), and as JPEG otherwise', async () => {
    const { client, upload, svc } = h();
    const image = await upload(as.vines);
    const jpeg = await client.getImageVariant({ imageId: image.id, variant: 'scaled-800', format: '' }, as.anon);
    expect(jpeg.contentType).toBe('image/jpeg');
    expect(Buffer.from(jpeg.data).subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(await svc.deps.images.get(webpVariantKey(image.id, 'scaled-800'))).toBeNull();
    const webp = await client.getImageVariant({ imageId: image.id.toUpperCase(), variant: 'scaled-800', format: 'webp' }, as.anon);
    expect(webp.contentType).toBe('image/webp');
    const bytes = Buffer.from(webp.data);
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual(['RIFF', 'WEBP']);
    const [jpegMeta, webpMeta] = await Promise.all([sharp(Buffer.from(jpeg.data)).metadata(), sharp(bytes).metadata()]);
    expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', jpegMeta.width, jpegMeta.height]);
    // Kept: the next ask reads the same bytes back.
    expect(Buffer.compare((await svc.deps.images.get(webpVariantKey(image.id, 'scaled-800'))) ?? Buffer.alloc(0), bytes)).toBe(0);
    expect(Buffer.compare(Buffer.from((await client.getImageVariant({ imageId: image.id, variant: 'scaled-800', format: 'webp' }, as.anon)).data), bytes)).toBe(0);
    await expectAppError(client.getImageVariant({ imageId: image.id, variant: 'scaled-9000', format: 'webp' }, as.anon), 'not-found');
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
    await expectAppError(client.getImageVariant({ imageId: ids.hops, variant: 'listing-card', format: '' }, as.anon), 'not-found');
    await expectAppError(client.getImageVariant({ imageId: '../../etc', variant: 'passwd', format: 'webp' }, as.anon), 'not-found');
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
