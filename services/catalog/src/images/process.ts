import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { AppError } from '@caskade/kit';
import { detectImageType, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, SHARP_FORMAT, type ImageContentType } from '../domain/images';
import { IMAGE_MAX_BYTES, IMAGE_VARIANTS } from '../domain';

export interface ProcessedVariant {
  name: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  contentType: ImageContentType;
  width: number;
  height: number;
  bytes: number;
  variants: ProcessedVariant[];
}

const unsupported = (reason: string) => new AppError('unsupported-media-type', { reason, accepted: ['image/jpeg', 'image/png', 'image/gif'] });
const unreadable = () => new AppError('validation-invalid-value', { fields: { image: 'validation.imageUnreadable' } });
const LARGEST = Math.max(...IMAGE_VARIANTS.map((v) => v.width));

/**
 * Check an upload by its content and make every variant, all in memory (nothing is stored if any
 * step fails): magic bytes say JPG, PNG or GIF; sharp's header must agree; the image is decoded
 * once in full with failOn 'error' (a truncated file or one whose image data is corrupt fails
 * here, as any decoder error does; uploads are untrusted), orientation applied, metadata (EXIF, GPS) dropped,
 * transparency flattened onto white; each variant is a JPEG.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
  if (data.length > IMAGE_MAX_BYTES) throw new AppError('request-upload-over-limit', { maxBytes: IMAGE_MAX_BYTES });
  if (data.length === 0) throw new AppError('validation-invalid-params', { fields: { image: 'validation.required' } });
  const contentType = detectImageType(data);
  if (!contentType) throw unsupported('not-jpg-gif-png');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== SHARP_FORMAT[contentType]) throw unsupported('content-mismatch');
  const rawWidth = meta.width;
  const rawHeight = meta.height;
  if (!rawWidth || !rawHeight) throw unreadable();
  if (rawWidth > MAX_IMAGE_SIDE || rawHeight > MAX_IMAGE_SIDE || rawWidth * rawHeight > MAX_IMAGE_PIXELS) {
    throw new AppError('validation-invalid-value', { fields: { image: 'validation.imageTooLarge' }, maxSide: MAX_IMAGE_SIDE });
  }
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: LARGEST, height: LARGEST, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const variants = await Promise.all(
    IMAGE_VARIANTS.map(async (v) => {
      const pipeline = sharp(base.data, raw);
      const resized = v.height === null
        ? pipeline.resize({ width: v.width, withoutEnlargement: true })
        : pipeline.resize({ width: v.width, height: v.height, fit: 'cover', position: 'attention' });
      const out = await resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      return { name: v.name, width: out.info.width, height: out.info.height, data: out.data };
    }),
  );
  const oriented = (meta.orientation ?? 1) >= 5;
  return {
    contentType,
    width: oriented ? rawHeight : rawWidth,
    height: oriented ? rawWidth : rawHeight,
    bytes: data.length,
    variants,
  };
}
