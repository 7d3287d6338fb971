/** Accepted uploads and the variants made of each image (constants §9). Pure. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Variants made for each upload: four widths plus the square listing cards. */
export const IMAGE_VARIANTS = [
  { name: 'scaled-400', width: 400, height: null },
  { name: 'scaled-800', width: 800, height: null },
  { name: 'scaled-1600', width: 1600, height: null },
  { name: 'scaled-2400', width: 2400, height: null },
  { name: 'listing-card', width: 400, height: 400 },
  { name: 'listing-card-2x', width: 800, height: 800 },
] as const;
export type ImageVariantName = (typeof IMAGE_VARIANTS)[number]['name'];
export const IMAGE_VARIANT_NAMES: readonly string[] = IMAGE_VARIANTS.map((v) => v.name);
export const imageUrl = (imageId: string, variant: string): string => `/images/${imageId}/${variant}`;
