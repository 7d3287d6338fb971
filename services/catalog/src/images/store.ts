import { UUID_SOURCE } from '@caskade/kit';
/**
 * Where image variants live (docs/decisions/012). Keys are `<imageId>/<variant>.jpg`; a stored
 * object never changes, so it may be cached forever. Local disk by default, S3-compatible storage
 * when configured; both pass the same contract test (image-store.test.ts).
 */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(keys: readonly string[]): Promise<void>;
}

const KEY = new RegExp(`^${UUID_SOURCE}/[a-z0-9-]{1,40}\\.(jpg|webp)$`);

/** Keys are built by the service, but a bad one must never reach a path or a bucket. */
export function assertImageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid image key ${JSON.stringify(key)}`);
}

export const variantKey = (imageId: string, variant: string): string => `${imageId}/${variant}.jpg`;
/** The WebP copy of a variant, made on a browser's first ask (ADR 067). */
export const webpVariantKey = (imageId: string, variant: string): string => `${imageId}/${variant}.webp`;
