import { scaledSrcSet } from '@caskade/catalog/domain';
import type { ImageRef } from '../../api/catalog';
import { catalogUi } from '../../i18n/catalogMessages';

const srcOf = (image: ImageRef, variant: string): string | undefined => image.variants[variant]?.url;

/** A card's width in the search and brand grids (2 columns on phones, up to 4 on wide screens). */
export const CARD_SIZES = '(min-width: 1280px) 18rem, (min-width: 1024px) 30vw, 50vw';

/**
 * A square listing-card image, or a placeholder: the 400 or 800 px square, whichever `sizes` and
 * the screen's density need (a phone's half-width card takes the 400). `priority` is for an image
 * likely to be the page's largest paint (the first search results): loaded at once, ahead of others.
 */
export function CardImage({ image, alt, className = '', sizes = CARD_SIZES, priority = false }: { image: ImageRef | undefined; alt: string; className?: string; sizes?: string; priority?: boolean }) {
  const src = image ? srcOf(image, 'listing-card') : undefined;
  if (!image || !src) return <ImagePlaceholder className={className} />;
  const src2x = srcOf(image, 'listing-card-2x');
  return (
    <img
      src={src}
      srcSet={src2x ? `${src} 400w, ${src2x} 800w` : undefined}
      sizes={src2x ? sizes : undefined}
      alt={alt}
      width={400}
      height={400}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={`aspect-square w-full bg-stone-100 object-cover ${className}`}
    />
  );
}

/** A scaled image (400…2400 wide) for galleries and headers, sized by `sizes`. */
export function ScaledImage({ image, alt, sizes, className = '', eager = false }: { image: ImageRef; alt: string; sizes: string; className?: string; eager?: boolean }) {
  const srcSet = scaledSrcSet((name) => image.variants[name]);
  const fallback = image.variants['scaled-800'] ?? image.variants['listing-card-2x'];
  return (
    <img
      src={fallback?.url}
      srcSet={srcSet || undefined}
      sizes={sizes}
      alt={alt}
      width={fallback?.width}
      height={fallback?.height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

export function ImagePlaceholder({ className = '', label = catalogUi.card.noImage }: { className?: string; label?: string }) {
  return (
    <div className={`flex aspect-square w-full flex-col items-center justify-center gap-2 bg-stone-100 text-stone-600 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="m21 17-5-5-9 8" />
      </svg>
      <span className="text-xs font-medium">{label}</span>
    </div>
  );
}
