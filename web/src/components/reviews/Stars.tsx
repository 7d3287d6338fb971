/** A rating shown as five stars (read-only), with its number for assistive technology. */
import { reviewsUi } from '../../i18n/reviewsMessages';

export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const rounded = Math.round(rating);
  return (
    <span role="img" aria-label={reviewsUi.list.ratedAria(rating)} className={`inline-flex gap-0.5 text-amber-500 ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= rounded ? '' : 'text-stone-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
