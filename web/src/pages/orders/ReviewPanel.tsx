/**
 * The order page's review form: after receipt the buyer reviews the supplier and the supplier the
 * buyer (stars 1–5 and a message, both required), once each, until the review period expires. When
 * the form shows is the orders domain's rule (`reviewChance`), read here from the order and its
 * reviews; once sent the panel says so ("review already sent").
 */
import { useId, useState, type FormEvent } from 'react';
import { ACTORS, REVIEW_CONTENT_MAX, reviewChance, reviewInput, type Actor } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import type { OrderView } from '../../api/orders';
import { useCreateReview, useOrderReviews } from '../../api/reviews';
import { FormMessage, TextField } from '../../components/Field';
import { Stars } from '../../components/reviews/Stars';
import { reviewFieldMessage, reviewsUi } from '../../i18n/reviewsMessages';

const t = reviewsUi.panel;
const isActor = (role: string): role is Actor => (ACTORS as readonly string[]).includes(role);

export function ReviewPanel({ order }: { order: OrderView }) {
  const reviews = useOrderReviews(order.id);
  const create = useCreateReview(order.id);
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ratingId = useId();

  if (!reviews.data || !isActor(order.viewerRole)) return null;
  const written = reviews.data.reviews.map((r) => r.type);
  const chance = reviewChance({ state: order.state, activity: order.activity.map((a) => a.transition), viewer: order.viewerRole, written });
  const theirs = reviews.data.reviews.find((r) => chance.kind !== 'closed' && r.type !== chance.type);
  if (chance.kind === 'closed' && reviews.data.reviews.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = reviewInput.safeParse({ rating, content });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else if (isApiError(error) && error.code.startsWith('transaction-already-reviewed')) setFailure(t.alreadyReviewed);
        else setFailure(t.failed);
      },
    });
  };

  return (
    <section aria-labelledby={`review-heading-${order.id}`} className="card mt-6 p-5 sm:p-6" data-testid="review-panel">
      <h2 id={`review-heading-${order.id}`} className="mb-4 text-lg font-semibold text-stone-900">
        {chance.kind !== 'closed' && chance.type === 'ofCustomer' ? t.ofCustomerTitle : t.ofProviderTitle}
      </h2>
      {chance.kind === 'sent' ? <FormMessage tone="success">{create.isSuccess ? t.sentNow : t.sent}</FormMessage> : null}
      {chance.kind === 'closed' ? <p className="text-sm text-stone-600">{t.closed}</p> : null}
      {chance.kind === 'write' ? (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <fieldset aria-describedby={errors.rating ? `${ratingId}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-stone-900">{t.rating}</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer text-3xl leading-none">
                  <input
                    type="radio"
                    name={`rating-${order.id}`}
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                    className="peer sr-only"
                    aria-label={t.star(n)}
                  />
                  <span aria-hidden="true" className={`rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 ${n <= rating ? 'text-amber-500' : 'text-stone-300'}`}>
                    ★
                  </span>
                </label>
              ))}
            </div>
            {errors.rating ? (
              <p id={`${ratingId}-error`} className="mt-1 text-sm text-red-700">
                {reviewFieldMessage(errors.rating)}
              </p>
            ) : null}
          </fieldset>
          <TextField
            name="content"
            label={t.content}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            error={errors.content}
            wording={reviewFieldMessage}
            hint={t.contentHint}
            multiline
            rows={4}
            maxLength={REVIEW_CONTENT_MAX}
            required
          />
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
          <div>
            <button type="submit" className="btn-primary" disabled={create.isPending}>
              {create.isPending ? t.sending : t.submit}
            </button>
          </div>
        </form>
      ) : null}
      {theirs ? (
        <div className="mt-4 border-t border-stone-200 pt-4 text-sm">
          <p className="flex items-center gap-2 font-medium text-stone-900">
            {t.theirReview(theirs.author.name)} <Stars rating={theirs.rating} />
          </p>
          <p className="mt-1 whitespace-pre-line text-stone-700 wrap-anywhere">{theirs.content}</p>
        </div>
      ) : null}
    </section>
  );
}
