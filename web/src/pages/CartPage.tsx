/**
 * /cart (product-spec §2, §5 "Cart"): the buyer's server-side cart grouped by supplier. Each
 * group lists its entries (quantity change, removal, problems), its line items with GST and WET
 * itemised and the GST-inclusive total, the supplier's minimum order ("Minimum order not met"
 * blocks checkout), a supplier that cannot be paid yet (no payout account: named, and checkout
 * waits until its lines are out) and a payment term where the supplier offers terms. "Check out"
 * leads to the multi-supplier checkout; an empty cart says "Cart is empty". A quantity change or a
 * removal is said in a polite live region with the new total; a removal moves the focus to the next
 * entry's quantity (or the heading when none is left).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ORDER_MSG, PAYMENT_TERM_CHOICES, type PaymentTermChoice } from '@caskade/orders/domain';
import { useCurrentUser } from '../api/session';
import { useCart, useRemoveCartEntry, useSetPaymentTerm, useUpdateCartEntry, type CartEntryView, type CartView, type SupplierGroupView } from '../api/cart';
import { pathTo } from '../app/routes';
import { LimitedAccessOrderNote, isLimitedLogin } from '../components/buying/LimitedAccessOrderNote';
import { LineItems } from '../components/buying/LineItems';
import { FormMessage, SelectField } from '../components/Field';
import { PageContainer, PageHeading } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { PAYMENT_TERM_LABELS, buyingMessage, buyingUi, failureMessages } from '../i18n/buyingMessages';
import { missingPayoutAccount } from '../i18n/checkoutFailure';
import { deliveryLabel } from '../i18n/deliveryLabel';
import { formatMoney } from '../i18n/format';
import { packageLabel } from '../lib/packages';
import { quantityChoices } from '../lib/quantityChoices';

const t = buyingUi.cart;
/** A supplier whose name the cart could not read (its listings gone): here, not in the shared strings the listing page loads. */
const THIS_SUPPLIER = 'This supplier';
const HEADING_ID = 'cart-heading';
const quantityId = (entryId: string) => `cart-quantity-${entryId}`;

/** What an entry tells the page after a change: the words to announce, and for a removal, where the focus goes. */
type Changed = (cart: CartView, text: string, removedId?: string) => void;

export default function CartPage() {
  const cart = useCart();
  // A limited-access login may read the cart, not change it or check out: said up front, checkout disabled.
  const limited = isLimitedLogin(useCurrentUser().data);
  const [announcement, setAnnouncement] = useState('');
  /** After a removal: the entry's neighbour whose quantity takes the focus once the cart has rendered without it ('' = the heading). */
  const [focusAfter, setFocusAfter] = useState<{ removedId: string; nextId: string } | null>(null);
  const focused = useRef<object | null>(null);
  useEffect(() => {
    if (!focusAfter || focused.current === focusAfter) return;
    if (cart.data?.suppliers.some((g) => g.entries.some((e) => e.id === focusAfter.removedId))) return;
    focused.current = focusAfter;
    ((focusAfter.nextId && document.getElementById(quantityId(focusAfter.nextId))) || document.getElementById(HEADING_ID))?.focus();
  }, [focusAfter, cart.data]);
  const changed: Changed = (next, text, removedId) => {
    const total = next.entryCount === 0 ? buyingMessage(ORDER_MSG.cartIsEmpty) : t.newTotal(formatMoney(next.payinTotalCents));
    setAnnouncement(`${text} ${total}`);
    if (removedId === undefined) return;
    const ids = cart.data?.suppliers.flatMap((g) => g.entries.map((e) => e.id)) ?? [];
    const remaining = new Set(next.suppliers.flatMap((g) => g.entries.map((e) => e.id)));
    const at = ids.indexOf(removedId);
    const nextId = [...ids.slice(at + 1), ...ids.slice(0, Math.max(at, 0)).reverse()].find((id) => remaining.has(id)) ?? '';
    setFocusAfter({ removedId, nextId });
  };
  // Outside the page's content, so it stays in place (and is heard) when the cart turns empty.
  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  return (
    <>
      {status}
      <CartContent cart={cart} limited={limited} changed={changed} />
    </>
  );
}

function CartContent({ cart, limited, changed }: { cart: ReturnType<typeof useCart>; limited: boolean; changed: Changed }) {
  const navigate = useNavigate();
  const limitedNote = limited ? (
    <div className="mb-6">
      <LimitedAccessOrderNote />
    </div>
  ) : null;
  if (cart.isPending) return <Spinner />;
  if (cart.isError) {
    return (
      <PageContainer width="medium">
        <FormMessage tone="error">{failureMessages(cart.error).join(' ')}</FormMessage>
      </PageContainer>
    );
  }
  const data = cart.data;
  if (data.entryCount === 0) {
    return (
      <PageContainer width="medium">
        <PageHeading title={t.title} id={HEADING_ID} />
        {limitedNote}
        <div className="card px-6 py-12 text-center">
          <p className="text-lg font-semibold text-stone-900">{buyingMessage(ORDER_MSG.cartIsEmpty)}</p>
          <p className="mt-2 text-stone-600">{t.emptyBody}</p>
          <Link to={pathTo('SearchPage')} className="btn-primary mt-6">
            {t.browse}
          </Link>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeading title={t.title} id={HEADING_ID} />
      {limitedNote}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,8fr)_minmax(0,4fr)] lg:gap-12">
        <div className="grid min-w-0 content-start gap-6">
          {data.suppliers.map((group) => (
            <SupplierGroup key={group.supplierId} group={group} changed={changed} />
          ))}
        </div>
        <aside aria-labelledby="cart-total-heading" className="min-w-0">
          <div className="card grid gap-4 p-5 lg:sticky lg:top-24">
            <h2 id="cart-total-heading" className="text-lg font-semibold text-stone-900">
              {t.cartTotal}
            </h2>
            <p className="text-2xl font-bold text-stone-900 tabular-nums" data-testid="cart-total">
              {formatMoney(data.payinTotalCents)}
            </p>
            {data.suppliers.some((g) => g.entries.some((e) => e.problem !== '')) ? <p className="text-sm text-stone-700">{t.totalLeavesOut}</p> : null}
            {!data.canCheckOut ? <p className="text-sm text-stone-700">{t.blocked}</p> : null}
            <button type="button" className="btn-primary w-full py-3" disabled={limited || !data.canCheckOut} onClick={() => void navigate(pathTo('MultiSupplierCheckoutPage'))}>
              {t.checkout}
            </button>
          </div>
        </aside>
      </div>
    </PageContainer>
  );
}

function SupplierGroup({ group, changed }: { group: SupplierGroupView; changed: Changed }) {
  const headingId = `supplier-${group.supplierId}`;
  const setTerm = useSetPaymentTerm();
  const offered = group.paymentTermsOffered;
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <h2 id={headingId} className="text-lg font-semibold wrap-anywhere text-stone-900">
        {t.from(group.supplierName)}
      </h2>
      <ul className="mt-4 divide-y divide-stone-100">
        {group.entries.map((entry) => (
          <Entry key={entry.id} entry={entry} changed={changed} />
        ))}
      </ul>
      {!group.minimumMet ? (
        <div className="mt-4" data-testid="minimum-not-met">
          <FormMessage tone="error">
            <p className="font-semibold">{buyingMessage(ORDER_MSG.minimumOrderNotMet)}</p>
            <p>{t.minimum(group.minimumOrderQuantity, group.totalQuantity)}</p>
          </FormMessage>
        </div>
      ) : null}
      {group.payoutAccountMissing ? (
        <div className="mt-4" data-testid="payout-account-missing">
          <FormMessage tone="error">{missingPayoutAccount([group.supplierName || THIS_SUPPLIER])}</FormMessage>
        </div>
      ) : null}
      {offered.length > 0 ? (
        <div className="mt-4 max-w-xs">
          <SelectField
            name={`paymentTerm-${group.supplierId}`}
            label={t.paymentTerm}
            value={group.paymentTerm}
            disabled={setTerm.isPending}
            onChange={(value) => setTerm.mutate({ supplierId: group.supplierId, paymentTerm: value as PaymentTermChoice })}
            options={PAYMENT_TERM_CHOICES.filter((c) => c === 'none' || offered.includes(c)).map((c) => ({ value: c, label: PAYMENT_TERM_LABELS[c] }))}
            hint={t.paymentTermHint}
          />
          {setTerm.isError ? <p className="mt-1 text-sm font-medium text-red-700">{failureMessages(setTerm.error).join(' ')}</p> : null}
        </div>
      ) : null}
      {group.priced ? (
        <div className="mt-4 border-t border-stone-200 pt-4">
          <LineItems priced={group.priced} label={t.from(group.supplierName)} />
        </div>
      ) : null}
    </section>
  );
}

function Entry({ entry, changed }: { entry: CartEntryView; changed: Changed }) {
  const update = useUpdateCartEntry();
  const remove = useRemoveCartEntry();
  const [error, setError] = useState<string | null>(null);
  const max = Math.max(entry.available, entry.quantity, 1);
  const path = pathTo('ListingPage', { slug: entry.listingSlug || 'listing', id: entry.listingId });
  const onError = (e: unknown) => setError(failureMessages(e).join(' '));
  return (
    <li className="flex flex-wrap items-start gap-4 py-4 first:pt-0" aria-label={entry.listingTitle}>
      {entry.imageUrl ? <img src={entry.imageUrl} alt="" className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover" loading="lazy" /> : null}
      <div className="min-w-0 flex-1 basis-48">
        <Link to={path} className="font-medium wrap-anywhere text-stone-900 hover:underline">
          {entry.listingTitle}
        </Link>
        <p className="text-sm text-stone-700">
          {entry.package ? `${packageLabel(entry.package)} · ${formatMoney(entry.package.priceCents)} ex GST` : t.packageGone}
          {entry.deliveryMethod ? ` · ${deliveryLabel(entry.deliveryMethod, entry.category)}` : ''}
        </p>
        {entry.problem ? <p className="mt-1 text-sm font-medium text-red-700">{buyingMessage(entry.problem)}</p> : null}
        {error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex items-end gap-2">
        <label className="text-sm text-stone-700">
          <span className="sr-only">{t.quantityOf(entry.listingTitle)}</span>
          {/* Busy, the field and Remove stay focusable (aria-disabled: a disabled control drops the keyboard focus) and ignore changes. */}
          <select
            id={quantityId(entry.id)}
            className="input w-28 pr-8"
            value={String(update.isPending ? update.variables.quantity : entry.quantity)}
            aria-disabled={update.isPending || remove.isPending || undefined}
            onChange={(event) => {
              if (update.isPending || remove.isPending) return;
              const quantity = Number(event.target.value);
              setError(null);
              update.mutate(
                { entryId: entry.id, quantity },
                {
                  onError,
                  onSuccess: ({ cart }) => {
                    const now = cart.suppliers.flatMap((g) => g.entries).find((e) => e.id === entry.id)?.quantity ?? quantity;
                    changed(cart, t.quantityChanged(entry.listingTitle, now));
                  },
                },
              );
            }}
          >
            {quantityChoices(max, entry.quantity).map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-ghost text-sm"
          aria-label={t.removeOf(entry.listingTitle)}
          aria-disabled={remove.isPending || update.isPending || undefined}
          onClick={() => {
            if (remove.isPending || update.isPending) return;
            setError(null);
            // The promise, not mutate's callbacks: those are dropped once the entry has gone from the page.
            remove.mutateAsync(entry.id).then((next) => changed(next, t.removed(entry.listingTitle), entry.id), onError);
          }}
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
}
