import type { ImageRef } from '../../api/catalog';
import { catalogUi } from '../../i18n/catalogMessages';

const srcOf = (image: ImageRef, variant: string): string | undefined => image.variants[variant]?.url;

/** A square listing-card image (listing-card, listing-card-2x on dense screens), or a placeholder. */
export function CardImage({ image, alt, className = '' }: { image: ImageRef | undefined; alt: string; className?: string }) {
  const src = image ? srcOf(image, 'listing-card') : undefined;
  if (!image || !src) return <ImagePlaceholder className={className} />;
  const src2x = srcOf(image, 'listing-card-2x');
  return (
    <img
      src={src}
      srcSet={src2x ? `${src} 1x, ${src2x} 2x` : undefined}
      alt={alt}
      width={400}
      height={400}
      loading="lazy"
      decoding="async"
      className={`aspect-square w-full bg-stone-100 object-cover ${className}`}
    />
  );
}

/** A scaled image (400…2400 wide) for galleries and headers, sized by `sizes`. */
export function ScaledImage({ image, alt, sizes, className = '', eager = false }: { image: ImageRef; alt: string; sizes: string; className?: string; eager?: boolean }) {
  const widths = ['scaled-400', 'scaled-800', 'scaled-1600', 'scaled-2400'];
  // Small uploads are not enlarged, so several variants can share a width: keep the first of each.
  const seen = new Set<number>();
  const srcSet = widths
    .map((name) => image.variants[name])
    .filter((v): v is NonNullable<typeof v> => Boolean(v))
    .filter((v) => (seen.has(v.width) ? false : (seen.add(v.width), true)))
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
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
