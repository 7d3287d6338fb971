/** Image type by content (magic bytes), never by name or declared type. Pure. */
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/gif';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));

export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'image/gif';
  return null;
}

/** sharp's format name for each accepted type: the decoded content must agree with the magic bytes. */
export const SHARP_FORMAT: Record<ImageContentType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

/** Longest side of an accepted upload; larger images are refused before decoding (decompression bombs). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 80_000_000;
