import sharp from 'sharp';
import { IMAGE_VARIANTS } from '../domain';
import type { ProcessedImage, ProcessedVariant } from './process';

/**
 * A demo image straight from our own SVG (uploads never accept SVG), with the variants an upload gets (same names and sizes as
 * processImage: never enlarged, square cards cropped from the centre) but without the upload's
 * checks, and each distinct size encoded once (plain JPEG): the demo catalog draws one label per
 * listing, so its seeding stays within a few seconds of CPU (docs/decisions/059).
 */
export async function renderDemoImage(svg: string): Promise<ProcessedImage> {
  const base = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = base.info;
  const raw = { raw: { width, height, channels } };
  const encoded = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();
  const encode = (w: number, h: number | null) => {
    const outW = Math.min(w, width);
    const outH = h === null ? Math.round((height * outW) / width) : Math.min(h, Math.min(width, height));
    const key = `${outW}x${outH}`;
    let job = encoded.get(key);
    if (!job) {
      const pipeline = sharp(base.data, raw);
      const sized = h === null ? pipeline.resize({ width: outW }) : pipeline.resize({ width: outW, height: outH, fit: 'cover', position: 'centre' });
      job = sized.jpeg({ quality: 78 }).toBuffer({ resolveWithObject: true }).then((out) => ({ data: out.data, width: out.info.width, height: out.info.height }));
      encoded.set(key, job);
    }
    return job;
  };
  const variants: ProcessedVariant[] = await Promise.all(
    IMAGE_VARIANTS.map(async (v) => {
      const out = await encode(v.width, v.height);
      return { name: v.name, ...out };
    }),
  );
  return { contentType: 'image/png', width, height, bytes: base.data.length, variants };
}
