/**
 * The listing page's order panel (product-spec §2, §5 "Add to cart"; calls-errors-constants §2):
 * package, quantity (1 up to stock) and delivery method, the line items live (debounced 600 ms,
 * only for a positive quantity), "Add to cart" (in progress, then success cleared after 3 s) and
 * "Buy now". From 1024 px it sits beside the listing; below, it is a modal opened by the
 * `?orderOpen=open` flag, and closing removes the flag. The owner gets no form (the page scrolls
 * to the top), a supplier sees it disabled, a limited-access login is told up front that it may
 * look around (choose and see the price) but not order, with Add to cart and Buy now disabled, a visitor is sent to the buyer sign-up carrying the
 * way back. Lazily loaded: the listing page stays small for visitors who only look.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@caskade/gateway/contract';
import { deliveryMethodsOf, ORDER_MSG, type DeliveryMethod } from '@caskade/orders/domain';
import { isApiError } from '../../api/client';
import { useAddToCart, useLineItems, type OrderChoice } from '../../api/cart';
import type { Listing } from '../../api/catalog';
import { pathTo } from '../../app/routes';
import { DELIVERY_METHOD_LABELS, buyingMessage, buyingUi } from '../../i18n/buyingMessages';
import { errorCodeMessage } from '../../i18n/messages';
import { formatMoney } from '../../i18n/format';
import { packageLabel } from '../../lib/packages';
import { authRedirectState } from '../../lib/redirect';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useQueryFlag } from '../../lib/useQueryFlag';
import { FieldError, FormMessage } from '../Field';
import { Modal } from '../Modal';
import { LimitedAccessOrderNote, isLimitedLogin } from './LimitedAccessOrderNote';
import { LineItems } from './LineItems';
import { EnquiryForm } from './EnquiryForm';
import { orderFieldErrors } from '../../lib/orderFields';
import { quantityChoices } from '../../lib/quantityChoices';

const t = buyingUi.panel;
const WIDE = '(min-width: 1024px)';
/** calls-errors-constants §9: line items 600 ms; success flags 3000 ms. */
const LINE_ITEMS_DEBOUNCE_MS = 600;
const SUCCESS_FLAG_MS = 3000;

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

interface OrderPanelProps {
  listing: Listing;
  user: CurrentUser | null;
  isOwner: boolean;
}

export default function OrderPanel({ listing, user, isOwner }: OrderPanelProps) {
  const wide = useMediaQuery(WIDE);
  const flag = useQueryFlag('orderOpen');
  const { isOpen, close } = flag;

  // The owner cannot order their own listing: no form, back to the top of the page.
  useEffect(() => {
    if (isOwner && isOpen) {
      close();
      window.scrollTo({ top: 0 });
    }
  }, [isOwner, isOpen, close]);

  if (isOwner) {
    return (
      <section aria-label={t.heading} className="mt-6 rounded-xl border border-stone-200 bg-stone-50 p-4">
        <button type="button" className="btn-secondary w-full py-3" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          {t.ownListingScroll}
        </button>
        <p className="mt-2 text-center text-sm text-stone-700">{buyingMessage(ORDER_MSG.ownListing)}</p>
      </section>
    );
  }
  if (wide) {
    return (
      <section aria-labelledby="order-heading" className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <h2 id="order-heading" className="mb-3 text-base font-semibold text-stone-900">
          {t.heading}
        </h2>
        <OrderForm listing={listing} user={user} />
      </section>
    );
  }
  return (
    <section aria-label={t.heading} className="mt-6">
      <button type="button" className="btn-primary w-full py-3" onClick={flag.open}>
        {t.open}
      </button>
      {isLimitedLogin(user) ? (
        <div className="mt-3">
          <LimitedAccessOrderNote />
        </div>
      ) : null}
      {isOpen ? (
        <Modal title={t.heading} onClose={close}>
          <OrderForm listing={listing} user={user} />
        </Modal>
      ) : null}
    </section>
  );
}

type FieldName = 'packageIndex' | 'quantity' | 'deliveryMethod';
type Errors = Partial<Record<FieldName, string>>;

function OrderForm({ listing, user }: { listing: Listing; user: CurrentUser | null }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const stock = listing.currentStock.quantity;
  const methods = deliveryMethodsOf(listing);
  const [pkg, setPkg] = useState(listing.pricePackages.length === 1 ? '0' : '');
  const [quantity, setQuantity] = useState(stock === 1 ? '1' : '');
  const [delivery, setDelivery] = useState<DeliveryMethod | ''>(methods.length === 1 ? (methods[0] ?? '') : '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const addToCart = useAddToCart();
  const packageRef = useRef<HTMLSelectElement>(null);
  const quantityRef = useRef<HTMLSelectElement>(null);
  const deliveryRef = useRef<HTMLInputElement>(null);
  const supplier = user !== null && user.role !== 'buyer';
  const limited = isLimitedLogin(user);

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(false), SUCCESS_FLAG_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

  const qty = Number(quantity);
  const choice = useMemo<OrderChoice | null>(
    () => (pkg !== '' && qty > 0 && (methods.length === 0 || delivery !== '') ? { listingId: listing.id, packageIndex: Number(pkg), quantity: qty, deliveryMethod: delivery } : null),
    [pkg, qty, delivery, listing.id, methods.length],
  );
  const debounced = useDebouncedValue(choice, LINE_ITEMS_DEBOUNCE_MS);
  const lineItems = useLineItems(debounced);
  const previewFields = isApiError(lineItems.error) ? lineItems.error.fields : {};
  const shown: Errors = { ...orderFieldErrors(previewFields), ...errors };
  const previewProblem = previewFields['listingId'] ?? (lineItems.isError && Object.keys(previewFields).length === 0 && isApiError(lineItems.error) ? lineItems.error.code : undefined);

  const clear = (field: FieldName) => {
    setErrors((prev) => {
      const next = { ...prev };
      delete next[field];
      return next;
    });
    setFormError(null);
  };

  /** The spec's order: a missing package, quantity or delivery method takes the focus. */
  const validate = (): boolean => {
    const next: Errors = {};
    if (pkg === '') next.packageIndex = ORDER_MSG.pricePackRequired;
    if (!(qty >= 1)) next.quantity = ORDER_MSG.quantityNotValid;
    if (methods.length > 1 && delivery === '') next.deliveryMethod = ORDER_MSG.deliveryMethodRequired;
    setErrors(next);
    if (next.packageIndex) packageRef.current?.focus();
    else if (next.quantity) quantityRef.current?.focus();
    else if (next.deliveryMethod) deliveryRef.current?.focus();
    return Object.keys(next).length === 0;
  };

  const toSignup = () => {
    const search = new URLSearchParams(location.search);
    search.set('orderOpen', 'open');
    void navigate(pathTo('BuyerSignupPage'), { state: authRedirectState({ pathname: location.pathname, search: `?${search.toString()}`, hash: location.hash }) });
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    // Busy, the button stays enabled (a disabled one drops the keyboard focus) and ignores the press.
    if (limited || addToCart.isPending) return;
    setFormError(null);
    if (!validate()) return;
    if (!user) return toSignup();
    addToCart.mutate(
      { listingId: listing.id, packageIndex: Number(pkg), quantity: qty, deliveryMethod: delivery },
      {
        onSuccess: () => setAdded(true),
        onError: (error) => {
          if (!isApiError(error)) return setFormError(buyingMessage(ORDER_MSG.actionFailed));
          const fields = error.fields;
          const reason = error.meta?.['reason'];
          setErrors(orderFieldErrors(fields));
          if (fields['listingId']) setFormError(buyingMessage(fields['listingId']));
          else if (typeof reason === 'string') setFormError(buyingMessage(reason));
          else if (Object.keys(fields).length === 0) setFormError(errorCodeMessage(error.code));
        },
      },
    );
  };

  const onBuyNow = () => {
    if (limited) return;
    setFormError(null);
    if (!validate()) return;
    if (!user) return toSignup();
    const query = new URLSearchParams({ package: pkg, quantity: String(qty), ...(delivery ? { delivery } : {}) });
    void navigate(`${pathTo('CheckoutPage', { slug: listing.slug || 'listing', id: listing.id })}?${query.toString()}`);
  };

  const errorId = (field: FieldName) => (shown[field] ? `${id}-${field}-error` : undefined);
  return (
    <form onSubmit={onAdd} noValidate>
      {limited ? (
        <div className="mb-4">
          <LimitedAccessOrderNote />
        </div>
      ) : null}
      <fieldset disabled={supplier} className="grid gap-4">
        <div>
          <label htmlFor={`${id}-package`} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t.package}
          </label>
          <select
            ref={packageRef}
            id={`${id}-package`}
            name="packageIndex"
            className="input pr-8"
            value={pkg}
            aria-invalid={shown.packageIndex ? true : undefined}
            aria-describedby={errorId('packageIndex')}
            onChange={(event) => {
              setPkg(event.target.value);
              clear('packageIndex');
            }}
          >
            <option value="">{t.choosePackage}</option>
            {listing.pricePackages.map((p, i) => (
              <option key={`${p.packageType}-${p.size}-${p.quantity}-${i}`} value={String(i)}>
                {packageLabel(p)} — {formatMoney(p.priceCents)} ex GST
              </option>
            ))}
          </select>
          {shown.packageIndex ? <FieldError id={errorId('packageIndex')}>{buyingMessage(shown.packageIndex)}</FieldError> : null}
        </div>

        <div>
          <label htmlFor={`${id}-quantity`} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t.quantity}
          </label>
          <select
            ref={quantityRef}
            id={`${id}-quantity`}
            name="quantity"
            className="input pr-8"
            value={quantity}
            aria-invalid={shown.quantity ? true : undefined}
            aria-describedby={errorId('quantity')}
            onChange={(event) => {
              setQuantity(event.target.value);
              clear('quantity');
              if (pkg === '') setErrors((prev) => ({ ...prev, packageIndex: ORDER_MSG.selectPackageTypeRequired }));
            }}
          >
            <option value="">{t.chooseQuantity}</option>
            {quantityChoices(stock).map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
          {shown.quantity ? <FieldError id={errorId('quantity')}>{buyingMessage(shown.quantity)}</FieldError> : null}
        </div>

        {/* A service is delivered in person: its one method is chosen for the buyer, nothing to pick. */}
        {methods.length > 0 && listing.listingType !== 'service' ? (
          <fieldset aria-describedby={errorId('deliveryMethod')}>
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{t.delivery}</legend>
            <div className="flex flex-wrap gap-2">
              {methods.map((method, i) => (
                <label
                  key={method}
                  className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                    delivery === method ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800'
                  }`}
                >
                  <input
                    ref={i === 0 ? deliveryRef : undefined}
                    type="radio"
                    name="deliveryMethod"
                    value={method}
                    checked={delivery === method}
                    className="accent-brand-700"
                    onChange={() => {
                      setDelivery(method);
                      clear('deliveryMethod');
                    }}
                  />
                  {DELIVERY_METHOD_LABELS[method]}
                </label>
              ))}
            </div>
            {shown.deliveryMethod ? <FieldError id={errorId('deliveryMethod')}>{buyingMessage(shown.deliveryMethod)}</FieldError> : null}
          </fieldset>
        ) : null}

        <div aria-live="polite" className="min-h-6">
          {choice && (choice !== debounced || lineItems.isFetching) && !lineItems.data ? <p className="text-sm text-stone-600">{t.calculating}</p> : null}
          {choice && debounced && lineItems.data ? <LineItems priced={lineItems.data} /> : null}
          {previewProblem && !formError ? <p className="text-sm font-medium text-red-700">{buyingMessage(previewProblem)}</p> : null}
        </div>

        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {added ? (
          <FormMessage tone="success">
            {t.added}.{' '}
            <Link to={pathTo('CartPage')} className="font-semibold underline">
              {t.viewCart}
            </Link>
          </FormMessage>
        ) : null}

        <div className="grid gap-2 sm:grid-cols-2">
          <button type="submit" className="btn-primary py-3" disabled={limited} aria-disabled={addToCart.isPending || undefined} aria-busy={addToCart.isPending || undefined}>
            {addToCart.isPending ? t.adding : t.addToCart}
          </button>
          <button type="button" className="btn-secondary py-3" onClick={onBuyNow} disabled={limited}>
            {t.buyNow}
          </button>
        </div>
        {user && !supplier && !limited ? <EnquiryForm listingId={listing.id} packageIndex={pkg === '' ? 0 : Number(pkg)} quantity={qty >= 1 ? qty : 1} /> : null}
      </fieldset>
      {supplier ? <p className="mt-3 text-sm text-stone-700">{buyingMessage(ORDER_MSG.supplierCannotBuy)}</p> : null}
      {!user ? <p className="mt-3 text-sm text-stone-600">{t.signUpNote}</p> : null}
    </form>
  );
}

