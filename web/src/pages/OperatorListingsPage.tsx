/** Operator approvals (/operator/listings): listings pending approval, oldest first, with approve and send back. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CATEGORY_LABELS, TEXTAREA_MAX } from '@caskade/kit/rules';
import { isApiError } from '../api/client';
import { useOperatorDecision, useOperatorListings, type Listing } from '../api/catalog';
import { CardImage } from '../components/catalog/ListingImage';
import { PageOutOfRange } from '../components/catalog/PageOutOfRange';
import { Pagination } from '../components/catalog/Pagination';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormMessage, TextField } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { catalogUi } from '../i18n/catalogMessages';
import { formatDateTime, formatMoney } from '../i18n/format';
import { errorCodeMessage } from '../i18n/messages';
import { listingPath } from '../lib/listingPaths';
import { parsePage } from '../lib/pagination';
import { SERVICE_CATEGORY_LABELS, isCategory, isServiceCategory } from '@caskade/catalog/domain';

const t = catalogUi.operator;

export default function OperatorListingsPage() {
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const pending = useOperatorListings('pendingApproval', page);
  const decide = useOperatorDecision();
  const [rejecting, setRejecting] = useState<Listing | null>(null);
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onError = (error: unknown) => setStatus({ tone: 'error', text: isApiError(error) ? errorCodeMessage(error.code) : catalogUi.common.loadFailed });
  const approve = (listing: Listing) =>
    decide.mutate({ id: listing.id, decision: 'approve' }, { onSuccess: (l) => setStatus({ tone: 'success', text: t.approved(l.title) }), onError });
  const reject = () => {
    if (!rejecting) return;
    decide.mutate(
      { id: rejecting.id, decision: 'reject', reason: reason.trim() },
      {
        onSuccess: (l) => setStatus({ tone: 'success', text: t.rejectedMsg(l.title) }),
        onError,
        onSettled: () => {
          setRejecting(null);
          setReason('');
        },
      },
    );
  };
  const data = pending.data;

  return (
    <PageContainer>
      <PageHeading title={t.title} intro={t.intro} />
      <div className="mb-4 empty:hidden" aria-live="polite">
        {status ? <FormMessage tone={status.tone}>{status.text}</FormMessage> : null}
      </div>
      {pending.isPending ? <Spinner /> : null}
      {pending.isError ? (
        <FormMessage tone="error">{isApiError(pending.error) && pending.error.status === 403 ? t.forbidden : catalogUi.common.loadFailed}</FormMessage>
      ) : null}
      {data && data.listings.length === 0 && data.pagination.totalItems === 0 ? <p className="card px-6 py-10 text-center text-stone-600">{t.empty}</p> : null}
      {data && data.listings.length === 0 && data.pagination.totalItems > 0 ? <PageOutOfRange firstPageHref="/operator/listings" /> : null}
      <ul className="grid gap-3">
        {data?.listings.map((listing) => {
          const title = listing.title || catalogUi.common.untitled;
          const category = isCategory(listing.category) ? CATEGORY_LABELS[listing.category] : isServiceCategory(listing.category) ? SERVICE_CATEGORY_LABELS[listing.category] : '';
          return (
            <li key={listing.id}>
              <article aria-label={title} className="card flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
                <div className="w-20 shrink-0 overflow-hidden rounded-lg">
                  <CardImage image={listing.images[0]} alt="" />
                </div>
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold wrap-anywhere text-stone-900">{title}</h2>
                  <p className="mt-1 text-sm text-stone-600">
                    {[listing.author.brandName || listing.author.displayName, category, listing.price ? catalogUi.money.plusGst(formatMoney(listing.price.amount)) : '', t.submitted(formatDateTime(listing.updatedAt))]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={listingPath(listing)} className="btn-secondary px-3 py-1.5">
                    {t.preview}
                  </Link>
                  <button type="button" className="btn-primary px-3 py-1.5" disabled={decide.isPending} onClick={() => approve(listing)}>
                    {t.approve}
                  </button>
                  <button type="button" className="btn-secondary px-3 py-1.5" disabled={decide.isPending} onClick={() => setRejecting(listing)}>
                    {t.reject}
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {data && data.listings.length > 0 ? <Pagination className="mt-10" page={page} totalPages={data.pagination.totalPages} hrefFor={(p) => (p > 1 ? `/operator/listings?page=${p}` : '/operator/listings')} /> : null}
      {rejecting ? (
        <ConfirmDialog
          title={catalogUi.confirm.rejectTitle}
          onConfirm={reject}
          onCancel={() => {
            setRejecting(null);
            setReason('');
          }}
          busy={decide.isPending}
          yesLabel={t.reject}
          noLabel={catalogUi.confirm.no}
        >
          <p className="mb-4 font-medium text-stone-900">{rejecting.title || catalogUi.common.untitled}</p>
          <TextField name="reason" label={t.reason} hint={t.reasonHint} multiline maxLength={TEXTAREA_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </ConfirmDialog>
      ) : null}
    </PageContainer>
  );
}
