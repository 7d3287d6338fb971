/**
 * The checkout form the three checkout pages share (product-spec §5 "Checkout"): the delivery
 * address (saved ones, or a new one added inline), billing details with the spec's required keys,
 * the payment method, the order summary per supplier from the speculative call, and Pay. A card
 * that needs authentication goes to the challenge page; a declined payment shows the spec's
 * message and the buyer pays the same checkout again with another method (retry-payment).
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router-dom';
import { deliveryAddressSchema } from '@caskade/cart/domain';
import { AU_STATES } from '@caskade/kit/rules';
import { ORDER_MSG, type PaymentTermChoice } from '@caskade/orders/domain';
import { BILLING_MAX_LENGTH, type BillingInput } from '@caskade/gateway/contract';
import { isApiError } from '../../api/client';
import {
  useAddDeliveryAddress,
  useCheckoutPreview,
  useDeliveryAddresses,
  usePay,
  usePaymentProvider,
  useSavedPaymentMethods,
  type CheckoutView,
  type DeliveryAddressView,
  type OrderView,
  type Purchase,
} from '../../api/checkout';
import type { PaymentProviderView } from '../../api/paymentMethods';
import { hasLiquorLicence } from '../../api/liquorLicence';
import { useCurrentUser } from '../../api/session';
import { pathTo } from '../../app/routes';
import { LiquorLicenceForm } from '../../components/account/LiquorLicenceForm';
import { LimitedAccessOrderNote, isLimitedLogin } from '../../components/buying/LimitedAccessOrderNote';
import { LineItems } from '../../components/buying/LineItems';
import { PaymentFields, initialPaymentForm, usePaymentResolver, validatePayment, type PaymentErrors, type PaymentForm } from '../../components/buying/PaymentFields';
import { useStripeEntry, type StripeEntry } from '../../components/buying/stripe';
import { FormMessage, SelectField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { BILLING_MSG, PAYMENT_TERM_LABELS, buyingMessage, buyingUi, failureMessages } from '../../i18n/buyingMessages';
import { checkoutFailureMessages } from '../../i18n/checkoutFailure';
import { formatMoney } from '../../i18n/format';
import { liquorLicenceUi } from '../../i18n/liquorLicenceMessages';
import { ui } from '../../i18n/messages';
import { schemaErrors } from '../../lib/validation';

const t = buyingUi.checkout;

/** The billing details form: every field of the API's billing body, as text. */
type Billing = Required<BillingInput>;
type BillingErrors = Partial<Record<keyof Billing, string>>;

function validateBilling(b: Billing): BillingErrors {
  const errors: BillingErrors = {};
  if (!b.addressLine1.trim()) errors.addressLine1 = BILLING_MSG.addressLine1Required;
  if (!b.postal.trim()) errors.postal = BILLING_MSG.postalCodeRequired;
  if (!b.city.trim()) errors.city = BILLING_MSG.cityRequired;
  if (!b.country.trim()) errors.country = BILLING_MSG.countryRequired;
  return errors;
}

/** Where a checkout goes next: the card's challenge, or the confirmation. */
export function nextPathFor(checkout: CheckoutView): string {
  if (checkout.paymentStatus === 'requires_action' && checkout.nextActionUrl.startsWith('/')) return checkout.nextActionUrl;
  return pathTo('CheckoutCompletePage', { id: checkout.id });
}

interface CheckoutFormProps {
  purchase: Purchase;
  /** Above the summary: what is bought (Buy now) or a way back to the cart. */
  intro?: ReactNode;
  /** What is bought holds liquor (catalog's requiresLiquorLicence): a buyer without a licence is asked for one (ADR 042). */
  holdsLiquor?: boolean;
  /** The name of a supplier of what is bought (the cart's groups, the listing's author): a refusal names them even when the preview failed. */
  supplierName?: (supplierId: string) => string | undefined;
}

export function CheckoutForm({ purchase, intro, holdsLiquor = false, supplierName }: CheckoutFormProps) {
  const addresses = useDeliveryAddresses();
  const methods = useSavedPaymentMethods();
  const provider = usePaymentProvider();
  if (addresses.isPending || methods.isPending || provider.isPending) return <Spinner />;
  if (addresses.isError || methods.isError || provider.isError) {
    return (
      <FormMessage tone="error">
        {t.loadFailed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void Promise.all([addresses.refetch(), methods.refetch(), provider.refetch()])}>
          {t.retry}
        </button>
      </FormMessage>
    );
  }
  return (
    <CheckoutFormLoaded
      purchase={purchase}
      intro={intro}
      holdsLiquor={holdsLiquor}
      {...(supplierName ? { supplierName } : {})}
      addresses={addresses.data}
      saved={methods.data}
      provider={provider.data}
    />
  );
}

function CheckoutFormLoaded({
  purchase,
  intro,
  holdsLiquor,
  supplierName,
  addresses,
  saved,
  provider,
}: CheckoutFormProps & { addresses: DeliveryAddressView[]; saved: Parameters<typeof initialPaymentForm>[0]; provider: PaymentProviderView }) {
  // New cards and mandates: the sandbox's fields, or Stripe's elements (a chunk loaded only with Stripe).
  const stripe: StripeEntry | null = useStripeEntry(provider);
  const newMethods = provider.provider === 'sandbox' || stripe !== null;
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  // A limited-access login may look, not pay: said up front (the services refuse it the same way), Pay disabled.
  const limited = isLimitedLogin(user);
  const [addressId, setAddressId] = useState<string | null>((addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null);
  const [billing, setBilling] = useState<Billing>({ addressLine1: '', addressLine2: '', city: '', state: '', postal: '', country: 'Australia' });
  const [payment, setPayment] = useState<PaymentForm>(() => initialPaymentForm(saved, user?.email ?? '', newMethods));
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [paymentErrors, setPaymentErrors] = useState<PaymentErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [declined, setDeclined] = useState<{ checkoutId: string; message: string } | null>(null);
  const [resolving, setResolving] = useState(false);
  /** One key per submission: kept while the same submission is retried, replaced when it changes. */
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const preview = useCheckoutPreview(purchase, addressId);
  const pay = usePay();
  const resolvePayment = usePaymentResolver(stripe);
  const busy = resolving || pay.isPending;
  const selectedAddress = addresses.find((a) => a.id === addressId) ?? null;
  // Liquor needs a licence on file (ADR 042): asked for here when the purchase holds liquor or the server refused for want of one.
  const [licenceSaved, setLicenceSaved] = useState(false);
  const licenceRefused = [preview.error, pay.error].some((error) => isApiError(error) && error.code === 'transaction-liquor-licence-required');
  const showLicencePrompt = licenceSaved || (user?.role === 'buyer' && (holdsLiquor || licenceRefused) && !hasLiquorLicence(user));

  const nameOf = (id: string) => preview.data?.find((o) => o.provider.id === id)?.provider.name ?? supplierName?.(id);

  const setBillingField = (key: keyof Billing, value: string) => {
    setBilling((prev) => ({ ...prev, [key]: value }));
    setBillingErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Busy, Pay stays focusable (aria-disabled: a disabled button drops the keyboard focus) and ignores the press.
    if (limited || busy) return;
    setFailure([]);
    const bErrors = validateBilling(billing);
    const pErrors = validatePayment(payment, new Date(), stripe !== null);
    // Rendered now, so the first field marked invalid can take the focus.
    flushSync(() => {
      setBillingErrors(bErrors);
      setPaymentErrors(pErrors);
    });
    if (!addressId) return setFailure([buyingMessage('deliveryAddressRequired')]);
    if (Object.keys(bErrors).length > 0 || Object.keys(pErrors).length > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setResolving(true);
    try {
      const choice = await resolvePayment(payment);
      // The total the buyer reviewed (every order, terms too): a price changed since refuses the checkout, and the summary is priced again.
      const reviewedTotal = (preview.data ?? []).reduce((sum, o) => sum + (o.priced?.payinTotalCents ?? 0), 0);
      const fingerprint = JSON.stringify([addressId, choice, billing, declined?.checkoutId ?? '', reviewedTotal]);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: crypto.randomUUID() };
      const checkout = await pay.mutateAsync(
        declined ? { retryCheckoutId: declined.checkoutId, payment: choice } : { purchase, deliveryAddressId: addressId, payment: choice, billing, idempotencyKey: attempt.current.key, expectedPayinTotalCents: reviewedTotal },
      );
      if (checkout.paymentStatus === 'requires_payment_method' || checkout.failureMessage) {
        // A retry declined again: the same checkout, another method.
        setDeclined({ checkoutId: checkout.id, message: checkout.failureMessage || ORDER_MSG.paymentFailed });
        return;
      }
      void navigate(nextPathFor(checkout));
    } catch (error) {
      const checkoutId = isApiError(error) ? error.meta?.['checkoutId'] : undefined;
      if (isApiError(error) && error.code === 'transaction-payment-failed' && typeof checkoutId === 'string') {
        const message = error.meta?.['message'];
        setDeclined({ checkoutId, message: typeof message === 'string' && message ? message : ORDER_MSG.paymentFailed });
        setPayment((prev) => ({ ...initialPaymentForm([], prev.becsEmail, newMethods), kind: prev.kind === 'saved' && newMethods ? 'card' : prev.kind }));
        attempt.current = null;
        return;
      }
      // A network failure keeps the key: paying again resends the same submission.
      if (isApiError(error) && error.status > 0) attempt.current = null;
      setFailure(checkoutFailureMessages(error, nameOf));
    } finally {
      setResolving(false);
    }
  };

  const orders = preview.data ?? [];
  const dueNow = orders.filter((o) => o.paymentTerm === 'none').reduce((sum, o) => sum + (o.priced?.payinTotalCents ?? 0), 0);
  const billingField = (key: keyof Billing, label: string, extra: { autoComplete: string; optional?: boolean; inputMode?: 'numeric' }) => (
    <TextField
      name={key}
      label={label}
      value={billing[key]}
      onChange={(event) => setBillingField(key, event.target.value)}
      error={billingErrors[key]}
      wording={buyingMessage}
      required={!extra.optional}
      maxLength={BILLING_MAX_LENGTH[key]}
      {...extra}
    />
  );

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
      <div className="grid min-w-0 content-start gap-8">
        {limited ? <LimitedAccessOrderNote /> : null}
        {showLicencePrompt ? (
          <Section title={liquorLicenceUi.promptTitle}>
            {licenceSaved ? null : (
              <div className="mb-4">
                <FormMessage tone="info">
                  <p>{liquorLicenceUi.prompt}</p>
                  <Link to={pathTo('ContactDetailsPage')} className="mt-1 inline-block font-semibold underline">
                    {liquorLicenceUi.accountLink}
                  </Link>
                </FormMessage>
              </div>
            )}
            <LiquorLicenceForm onSaved={() => setLicenceSaved(true)} />
          </Section>
        ) : null}
        <Section title={t.delivery}>
          <AddressPicker addresses={addresses} selected={addressId} onSelect={setAddressId} disabled={declined !== null} />
        </Section>

        <Section title={t.billing}>
          {selectedAddress ? (
            <button
              type="button"
              className="btn-ghost mb-3 -ml-3 text-sm"
              onClick={() => {
                setBilling({ addressLine1: selectedAddress.street, addressLine2: '', city: selectedAddress.city, state: selectedAddress.state, postal: selectedAddress.postalCode, country: 'Australia' });
                setBillingErrors({});
              }}
            >
              {t.sameAsDelivery}
            </button>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{billingField('addressLine1', t.addressLine1, { autoComplete: 'billing address-line1' })}</div>
            <div className="sm:col-span-2">{billingField('addressLine2', t.addressLine2, { autoComplete: 'billing address-line2', optional: true })}</div>
            {billingField('city', t.billingCity, { autoComplete: 'billing address-level2' })}
            {billingField('state', t.billingState, { autoComplete: 'billing address-level1', optional: true })}
            {billingField('postal', t.postal, { autoComplete: 'billing postal-code', inputMode: 'numeric' })}
            {billingField('country', t.country, { autoComplete: 'billing country-name' })}
          </div>
        </Section>

        <Section title={t.payment}>
          {declined ? (
            <div className="mb-4">
              <FormMessage tone="error">
                <p>{declined.message}</p>
                <p className="mt-1">{t.retryNote}</p>
              </FormMessage>
            </div>
          ) : null}
          {orders.some((o) => o.paymentTerm !== 'none') ? (
            <p className="mb-3 text-sm text-stone-700" data-testid="term-charge-note">
              {payment.kind === 'bank' ? t.termChargeDefault : t.termCharge}
            </p>
          ) : null}
          <PaymentFields
            form={payment}
            onChange={(next) => {
              setPayment(next);
              setPaymentErrors({});
            }}
            errors={paymentErrors}
            saved={saved}
            newMethods={newMethods}
            stripe={stripe}
          />
        </Section>
      </div>

      <aside aria-labelledby="summary-heading" className="min-w-0">
        <div className="card grid gap-4 p-5 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="text-lg font-semibold text-stone-900">
            {t.summary}
          </h2>
          {intro}
          <Summary orders={orders} loading={addressId !== null && preview.isPending} error={preview.isError && !declined ? checkoutFailureMessages(preview.error, nameOf) : []} />
          {orders.length > 0 ? (
            <p className="flex justify-between border-t border-stone-200 pt-3 font-semibold text-stone-900" data-testid="due-now">
              <span>{t.payNow}</span>
              <span className="tabular-nums">{formatMoney(dueNow)}</span>
            </p>
          ) : null}
          {failure.length > 0 ? (
            <FormMessage tone="error">
              {failure.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </FormMessage>
          ) : null}
          <button
            type="submit"
            className="btn-primary w-full py-3"
            disabled={limited || (!busy && !declined && (preview.isError || orders.length === 0))}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {busy ? t.paying : declined ? t.payAgain : payment.kind === 'bank' || dueNow === 0 ? t.placeOrder : t.pay(formatMoney(dueNow))}
          </button>
        </div>
      </aside>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Summary({ orders, loading, error }: { orders: OrderView[]; loading: boolean; error: string[] }) {
  if (error.length > 0) {
    return (
      <FormMessage tone="error">
        {error.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </FormMessage>
    );
  }
  if (loading) return <p className="text-sm text-stone-600">{buyingUi.panel.calculating}</p>;
  if (orders.length === 0) return <p className="text-sm text-stone-600">{t.noAddress}</p>;
  return (
    <ul className="grid gap-5">
      {orders.map((order) => (
        <li key={order.provider.id} aria-label={t.orderFrom(order.provider.name)} className="grid gap-2">
          <h3 className="font-semibold wrap-anywhere text-stone-900">{t.orderFrom(order.provider.name)}</h3>
          {order.paymentTerm !== 'none' ? <p className="text-sm text-stone-700">{t.term(PAYMENT_TERM_LABELS[order.paymentTerm as PaymentTermChoice] ?? order.paymentTerm)}</p> : null}
          {order.priced ? <LineItems priced={order.priced} label={t.orderFrom(order.provider.name)} /> : null}
        </li>
      ))}
    </ul>
  );
}

const EMPTY_ADDRESS = { name: '', street: '', city: '', state: '', postalCode: '', phone: '', email: '' };
type AddressFields = typeof EMPTY_ADDRESS;

function AddressPicker({ addresses, selected, onSelect, disabled }: { addresses: DeliveryAddressView[]; selected: string | null; onSelect: (id: string) => void; disabled: boolean }) {
  const name = useId();
  const [adding, setAdding] = useState(addresses.length === 0);
  return (
    <div className="grid gap-3">
      {addresses.length > 0 ? (
        <fieldset disabled={disabled}>
          <legend className="sr-only">{t.delivery}</legend>
          <div className="grid gap-2">
            {addresses.map((a) => (
              <label
                key={a.id}
                className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                  selected === a.id ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-white'
                }`}
              >
                <input type="radio" name={name} value={a.id} checked={selected === a.id} onChange={() => onSelect(a.id)} className="mt-1 accent-brand-700" />
                <span>
                  <span className="block font-medium text-stone-900">{a.name}</span>
                  <span className="block text-stone-700">
                    {a.street}, {a.city} {a.state} {a.postalCode}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {adding ? (
        <NewAddressForm
          onSaved={(id) => {
            onSelect(id);
            setAdding(false);
          }}
          onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <button type="button" className="btn-secondary justify-self-start" onClick={() => setAdding(true)} disabled={disabled}>
          {t.addAddress}
        </button>
      )}
    </div>
  );
}

/** Not a nested <form>: it sits inside the checkout form, so Save is a button that sends it. */
function NewAddressForm({ onSaved, onCancel }: { onSaved: (id: string) => void; onCancel: (() => void) | undefined }) {
  const { data: user } = useCurrentUser();
  const [fields, setFields] = useState<AddressFields>({ ...EMPTY_ADDRESS, email: user?.email ?? '' });
  const [errors, setErrors] = useState<Partial<AddressFields>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddDeliveryAddress();
  const headingId = useId();

  const set = (key: keyof AddressFields, value: string) => {
    setFields((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };
  const save = () => {
    // The cart service's own rules (every field, phone, email, the postcode in its state), all at once.
    const next: Partial<AddressFields> = schemaErrors(deliveryAddressSchema, { ...fields, country: 'AU', isDefault: false });
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;
    add.mutate(
      { ...fields, state: fields.state as (typeof AU_STATES)[number], country: 'AU', isDefault: false },
      {
        onSuccess: (address) => onSaved(address.id),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else setFailure(failureMessages(error).join(' '));
        },
      },
    );
  };
  const text = (key: Exclude<keyof AddressFields, 'state'>, label: string, extra: { autoComplete: string; type?: 'email' | 'tel'; inputMode?: 'numeric' }) => (
    <TextField name={key} label={label} value={fields[key]} onChange={(event) => set(key, event.target.value)} error={errors[key]} wording={buyingMessage} required {...extra} />
  );
  // Enter in a field saves this address; it must not submit the checkout around it (which would pay
  // and deliver to the address still chosen).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    save();
  };
  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-stone-200 p-4" onKeyDown={onKeyDown}>
      <h3 id={headingId} className="font-semibold text-stone-900">
        {t.newAddress}
      </h3>
      {text('name', t.name, { autoComplete: 'shipping organization' })}
      {text('street', t.street, { autoComplete: 'shipping street-address' })}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('city', t.city, { autoComplete: 'shipping address-level2' })}
        <SelectField
          name="state"
          label={t.state}
          value={fields.state}
          onChange={(value) => set('state', value)}
          options={AU_STATES.map((s) => ({ value: s, label: s }))}
          placeholder={t.chooseState}
          error={errors.state}
          wording={buyingMessage}
          required
        />
        {text('postalCode', t.postcode, { autoComplete: 'shipping postal-code', inputMode: 'numeric' })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('phone', t.phone, { autoComplete: 'tel', type: 'tel' })}
        {text('email', t.email, { autoComplete: 'email', type: 'email' })}
      </div>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={save} disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {t.saveAddress}
        </button>
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {ui.common.cancel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
