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
/** The variants a search card's cover photo carries (docs/decisions/071). */
export const CARD_VARIANTS = ['listing-card', 'listing-card-2x'] as const;
export const imageUrl = (imageId: string, variant: string): string => `/images/${imageId}/${variant}`;

/** The scaled variants a gallery or header offers, smallest first. */
export const SCALED_VARIANTS = ['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400'] as const;
/** How wide the listing page's main photo is drawn: the page's img and the gateway's preload of it say the same. */
export const LISTING_GALLERY_SIZES = '(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw';

/**
 * An img srcset of an image's scaled variants (`url 400w, …`). Small uploads are not enlarged, so
 * several variants can share a width: the first of each width is kept. Empty when there are none.
 */
export function scaledSrcSet(variant: (name: string) => { url: string; width: number } | undefined): string {
  const seen = new Set<number>();
  return SCALED_VARIANTS.map((name) => variant(name))
    .filter((v): v is { url: string; width: number } => v !== undefined && !seen.has(v.width) && (seen.add(v.width), true))
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}
