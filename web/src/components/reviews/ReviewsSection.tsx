/**
 * Public reviews with their average rating: a listing's (its supplier's, on the orders that held
 * it) or a user's (a brand or profile page). Newest first, 20 at a time.
 */
import { useState } from 'react';
import { useReviews, type ReviewsOf } from '../../api/reviews';
import { LocalDate } from '../LocalDate';
import { reviewsUi } from '../../i18n/reviewsMessages';
import { Stars } from './Stars';

const t = reviewsUi.list;

export function ReviewsSection({ of, className = '' }: { of: ReviewsOf; className?: string }) {
  const [page, setPage] = useState(1);
  const reviews = useReviews(of, page);
  const data = reviews.data;
  const headingId = `reviews-heading-${'listingId' in of ? of.listingId : of.subjectId}`;
  return (
    <section aria-labelledby={headingId} className={className} data-testid="reviews-section">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {t.heading}
      </h2>
      {reviews.isError ? <p className="mt-3 text-sm text-stone-600">{t.loadFailed}</p> : null}
      {data ? (
        data.count === 0 ? (
          <p className="mt-3 text-sm text-stone-600">{t.none}</p>
        ) : (
          <>
            <p className="mt-2 flex items-center gap-2 text-sm text-stone-700" data-testid="reviews-average">
              <Stars rating={data.averageRating} />
              <span>{t.average(data.averageRating, data.count)}</span>
            </p>
            <ul className="mt-4 grid gap-4">
              {data.reviews.map((r) => (
                <li key={r.id} className="border-b border-stone-100 pb-4 last:border-b-0">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <Stars rating={r.rating} />
                    <span className="font-medium text-stone-900">{t.by(r.author.name)}</span>
                    <LocalDate value={r.createdAt} className="text-stone-500" />
                  </div>
                  <p className="mt-1.5 whitespace-pre-line text-stone-700 wrap-anywhere">{r.content}</p>
                </li>
              ))}
            </ul>
            {data.pagination.totalPages > 1 ? (
              <nav aria-label={t.pages} className="mt-4 flex gap-2">
                {page > 1 ? (
                  <button type="button" className="btn-secondary" onClick={() => setPage((p) => p - 1)}>
                    {t.newer}
                  </button>
                ) : null}
                {data.pagination.totalPages > page ? (
                  <button type="button" className="btn-secondary" onClick={() => setPage((p) => p + 1)}>
                    {t.older}
                  </button>
                ) : null}
              </nav>
            ) : null}
          </>
        )
      ) : null}
    </section>
  );
}
