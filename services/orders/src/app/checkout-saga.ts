/**
 * The checkout saga (ARCHITECTURE rule 6): price (server-side) → claim the idempotency key →
 * reserve every line's stock → orders in pending payment → shipping orders → the payment →
 * on success commit the stock and purchase. Every step has its undo (endCheckout): a decline keeps
 * the reservation for the payment window so the buyer can pay again; expiry, a crash or the
 * operator's cancel give the stock back. The same key replays the first answer; the same key with
 * another body is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError, invalidParams, LIMITED_ACCESS_REASON, LIMITED_SCOPE, systemContext, withTransaction, type CallContext, type Caller } from '@caskade/kit';
import type { orders, payments } from '@caskade/proto';
import { abandonedListingCheckouts, claimCheckoutWithTimer, competingCheckouts, findByKey, findCheckout, lockBuyerCheckouts, moveCheckout, saveAnswer, type CheckoutRow } from '../db/checkouts';
import { insertOrder, ordersOfCheckout, setPaymentStatus, type OrderRow } from '../db/orders';
import { insertMovedOrder, takeOverEnquiry, type FirstMove } from '../db/checkout-orders';
import type { Address, BillingAddress, CheckoutAnswer, OrderLineRecord } from '../db/records';
import { priceOrder, type PricedOrder, type PricingLine } from '../domain/pricing';
import { PROCESS_STEPS, findTransition, type ProcessName } from '../domain/processes';
import { orderNumberFrom, type PaymentTermChoice } from '../domain/terms';
import { ORDER_MSG } from '../domain/messages';
import type { OrdersDeps } from './deps';
import { checkoutPlaced, completeCheckoutRows, EXPIRE_CHECKOUT, type CompletedCheckout } from './complete-checkout';
import { endCheckout } from './end-checkout';
import { RESERVATION_MARGIN_MS } from './hold-stock';
import { requireLiquorLicence } from './licence-check';
import { orderTransitioned } from './order-events';
import { checkoutView, orderView } from './views';
import { paymentOf, paymentSummary, type PaymentSummary } from './payment-view';

export interface PlannedLine extends PricingLine {
  title: string;
  packageLabel: string;
  cartEntryId: string;
  /** The listing is liquor (catalog's requiresLiquorLicence): the buyer needs a liquor licence on file. */
  requiresLiquorLicence: boolean;
}

export interface SupplierPart {
  supplierId: string;
  supplierName: string;
  lines: PlannedLine[];
  paymentTerm: PaymentTermChoice;
  processName: ProcessName;
}

export interface CheckoutPlan {
  kind: 'cart' | 'listing';
  parts: SupplierPart[];
  deliveryAddress: Address;
  payment: orders.PaymentChoice;
  billing: BillingAddress | null;
  /** Paying for this enquiry (listing checkouts only): its order becomes the checkout's order. */
  enquiryOrderId?: string;
  /** The payin total the buyer reviewed (cents; 0 or absent: none): another total refuses the checkout. */
  expectedPayinTotalCents?: number;
}

/** A request's expected total, in its hash only when given (a key's hash from before the field is unchanged). */
export const expectedTotalOf = (cents: number): { expected?: number } => (cents > 0 ? { expected: cents } : {});

/** Billing details as given (the gateway checked the spec's required keys), or null. */
export function billingOf(b: orders.BillingAddress | undefined): BillingAddress | null {
  if (!b || !b.addressLine1) return null;
  return { addressLine1: b.addressLine1, addressLine2: b.addressLine2, postal: b.postal, city: b.city, state: b.state, country: b.country };
}

/** Keys a client may send: 8–128 visible characters (a UUID is typical). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

export function requireBuyer(ctx: CallContext): Caller {
  if (!ctx.caller) throw new AppError('auth-unauthenticated');
  if (ctx.caller.role !== 'buyer') throw new AppError('forbidden', { reason: ORDER_MSG.supplierCannotBuy });
  // A limited-access login may look around, not buy (docs/decisions/014).
  if (ctx.caller.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
  return ctx.caller;
}

export function checkIdempotencyKey(key: string): void {
  if (!key) throw invalidParams({ idempotencyKey: 'validation.idempotencyKeyRequired' });
  if (!IDEMPOTENCY_KEY.test(key)) throw invalidParams({ idempotencyKey: 'validation.idempotencyKeyInvalid' });
}

export const requestHash = (body: unknown): string => createHash('sha256').update(JSON.stringify(body)).digest('hex');

interface Priced extends SupplierPart {
  priced: PricedOrder;
}

async function price(deps: OrdersDeps, plan: CheckoutPlan): Promise<Priced[]> {
  return Promise.all(plan.parts.map(async (part) => ({ ...part, priced: priceOrder({ lines: part.lines, platformFeeRate: await deps.feeRateFor(part.supplierId) }) })));
}

function previewOrder(part: Priced, buyer: Caller, address: Address): orders.Order {
  const row: OrderRow = {
    id: '', checkout_id: '', order_number: '', buyer_id: buyer.userId, buyer_name: '', supplier_id: part.supplierId, supplier_name: part.supplierName,
    process_name: part.processName, state: 'initial', last_transition: '', last_transitioned_at: null, priced: part.priced, lines: linesOf(part),
    payin_total_cents: part.priced.payinTotalCents, payout_total_cents: part.priced.payoutTotalCents, payment_term: part.paymentTerm, term_payment_method_id: '',
    payment_status: '', payment_due_at: null, delivery_address: address, version: 1, created_at: new Date(0), refunded_cents: 0, dispute_reason: '', payout_status: 'pending', refund_cents: 0,
  };
  return orderView(row, { viewer: 'customer' });
}

/** What an order keeps of a line it was placed with. */
export const orderLineRecord = (l: PlannedLine): OrderLineRecord => ({
  listingId: l.listingId, title: l.title, packageIndex: l.packageIndex, packageLabel: l.packageLabel, quantity: l.quantity, unitPriceCents: l.unitPriceCents,
  deliveryMethod: l.deliveryMethod, cartEntryId: l.cartEntryId, category: l.category,
});

const linesOf = (part: SupplierPart): OrderLineRecord[] => part.lines.map(orderLineRecord);

/** Answer a key already used: the first answer again (waiting for it while the first request still runs). */
async function replay(deps: OrdersDeps, existing: CheckoutRow, hash: string): Promise<orders.CheckoutOutcome> {
  if (existing.request_hash !== hash) throw invalidParams({ idempotencyKey: 'validation.idempotencyKeyReused' });
  let row: CheckoutRow | undefined = existing;
  for (let waited = 0; row && !row.answer && waited < 15_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    row = await findCheckout(deps.db, existing.id);
  }
  if (!row) throw new AppError('not-found', { resource: 'checkout' });
  if (row.answer && row.answer.kind !== 'interrupted') return answerOf(row.answer, true);
  // The first request died before answering: answer what the checkout is now (the timer ends it).
  return { checkout: await loadCheckoutView(deps, row), preview: [], replayed: true };
}

function answerOf(answer: Exclude<CheckoutAnswer, { kind: 'interrupted' }>, replayed: boolean): orders.CheckoutOutcome {
  if (answer.kind === 'error') throw new AppError(answer.code as AppError['code'], answer.meta);
  return { ...(answer.outcome as orders.CheckoutOutcome), replayed };
}

export async function loadCheckoutView(deps: OrdersDeps, row: CheckoutRow, known?: PaymentSummary | null, knownOrders?: OrderRow[]): Promise<orders.Checkout> {
  const rows = knownOrders ?? (await ordersOfCheckout(deps.db, row.id));
  const payment = known !== undefined ? known : row.charge_now_cents > 0 ? await paymentOf(deps, row.id) : null;
  return checkoutView(row, rows, payment);
}

/** Refuses (transaction-missing-stripe-account, naming them) suppliers without a payout account. */
async function requirePayoutAccounts(deps: OrdersDeps, supplierIds: string[], requestId: string): Promise<void> {
  // A supplier seen with a payout account lately still has one (an account is not taken away in a minute).
  const unknown = supplierIds.filter((id) => deps.memo.payoutAccounts.get(id) !== true);
  if (unknown.length === 0) return;
  const missing = (await deps.payments.findMissingPayoutAccounts({ supplierIds: unknown }, systemContext(requestId))).supplierIds;
  for (const id of unknown) if (!missing.includes(id)) deps.memo.payoutAccounts.set(id, true);
  if (missing.length > 0) throw new AppError('transaction-missing-stripe-account', { supplierIds: missing });
}

/**
 * A method payments would refuse outright (unknown, another user's) is refused before anything is
 * written, so the refusal leaves no order behind (docs/decisions/077). A method taken lately for
 * this buyer is taken again (a method is not detached in a minute; if it is, the payment refuses
 * it later and the checkout ends as before).
 */
async function requirePaymentMethod(deps: OrdersDeps, buyerId: string, paymentMethodId: string, key: string): Promise<void> {
  const memoKey = `${buyerId}\n${paymentMethodId}`;
  if (deps.memo.paymentMethods.get(memoKey)) return;
  await deps.payments.checkPaymentMethod({ buyerId, paymentMethodId }, systemContext(`checkout:${key}`));
  deps.memo.paymentMethods.set(memoKey, true);
}

/**
 * Checkout saga entry: preview (speculative: nothing written) or run it. A key used before is
 * answered before anything else is read (the cart may be empty by then: the first request bought it).
 */
export async function runCheckout(deps: OrdersDeps, buyer: Caller, key: string, hash: string, planOf: () => Promise<CheckoutPlan>, speculative: boolean): Promise<orders.CheckoutOutcome> {
  // The key and the plan are read together; a used key is answered from its first answer, whatever the plan read.
  const readAt = deps.now();
  const [earlier, planned] = await Promise.all([
    speculative ? Promise.resolve(undefined) : findByKey(deps.db, buyer.userId, key),
    planOf().then((p) => ({ ok: true as const, p }), (error: unknown) => ({ ok: false as const, error })),
  ]);
  if (earlier) return replay(deps, earlier, hash);
  if (!planned.ok) throw planned.error;
  const plan = planned.p;
  await requireLiquorLicence(deps, buyer, plan);
  const pricedParts = await price(deps, plan);
  const preview = pricedParts.map((p) => previewOrder(p, buyer, plan.deliveryAddress));
  const chargeNow = pricedParts.filter((p) => p.paymentTerm === 'none').reduce((s, p) => s + p.priced.payinTotalCents, 0);
  const payinTotal = pricedParts.reduce((s, p) => s + p.priced.payinTotalCents, 0);
  // The total moved since the buyer reviewed it (a supplier changed a price): nothing is written, the buyer looks again (ADR 081).
  const expected = plan.expectedPayinTotalCents ?? 0;
  if (!speculative && expected > 0 && expected !== payinTotal) throw new AppError('transaction-price-changed', { expectedPayinTotalCents: expected, payinTotalCents: payinTotal });
  // Every supplier must be able to take its payout: the preview says so too, before the buyer fills in a payment.
  await requirePayoutAccounts(deps, pricedParts.map((p) => p.supplierId), speculative ? 'checkout-preview' : `checkout:${key}`);
  // A preview prices the order whatever the payment; paying needs a way to pay.
  if (speculative) return { checkout: undefined, preview, replayed: false };
  if (chargeNow > 0 && !plan.payment.paymentMethodId && !plan.payment.bankTransfer) throw invalidParams({ paymentMethodId: 'validation.required' });
  // A method chosen for term orders only is the one their due dates charge: it must be the buyer's too.
  const onTerms = pricedParts.some((p) => p.paymentTerm !== 'none');
  if ((chargeNow > 0 || onTerms) && plan.payment.paymentMethodId && !plan.payment.bankTransfer) await requirePaymentMethod(deps, buyer.userId, plan.payment.paymentMethodId, key);

  const entryIds = pricedParts.flatMap((p) => p.lines.map((l) => l.cartEntryId).filter(Boolean));
  if (plan.kind === 'cart') await makeWay(deps, buyer.userId, key, entryIds, readAt);
  else await makeWayForListing(deps, buyer.userId, key, pricedParts.flatMap((p) => p.lines.map((l) => l.listingId)));

  const now = deps.now();
  const windowMs = plan.payment.bankTransfer ? deps.windows.bankTransferMs : deps.windows.paymentMs;
  const checkoutId = randomUUID();
  const expiresAt = new Date(now.getTime() + windowMs);
  // The key and the expiry timer in one statement: the timer exists from the first write, so whatever happens next, the checkout ends.
  const claimed = await claimCheckoutWithTimer(deps.db, {
    id: checkoutId, buyerId: buyer.userId, idempotencyKey: key, requestHash: hash, kind: plan.kind,
    paymentMethodType: chargeNow === 0 ? '' : plan.payment.bankTransfer ? 'bank_transfer' : 'card', chargeNowCents: chargeNow, payinTotalCents: payinTotal,
    cartEntryIds: entryIds, deliveryAddress: plan.deliveryAddress, billing: plan.billing, expiresAt, now,
  }, { id: randomUUID(), kind: EXPIRE_CHECKOUT });
  if (!claimed) {
    const other = await findByKey(deps.db, buyer.userId, key);
    if (!other) throw new AppError('internal');
    return replay(deps, other, hash);
  }
  deps.timersChanged();
  try {
    return await proceed(deps, claimed, buyer, pricedParts, plan, expiresAt, windowMs, readAt);
  } catch (err) {
    // A refusal is the answer for good; a failure on our side is not (a retry sees the checkout as it is by then).
    const answer: CheckoutAnswer = err instanceof AppError && err.status < 500 ? { kind: 'error', code: err.code, meta: err.meta ?? {} } : { kind: 'interrupted' };
    await saveAnswer(deps.db, claimed.id, answer, deps.now()).catch((saveErr: unknown) => deps.logger.warn({ err: saveErr, checkoutId: claimed.id }, 'checkout answer not saved'));
    throw err;
  }
}

async function proceed(deps: OrdersDeps, checkout: CheckoutRow, buyer: Caller, parts: Priced[], plan: CheckoutPlan, expiresAt: Date, windowMs: number, readAt: Date): Promise<orders.CheckoutOutcome> {
  const ctx = systemContext(`checkout:${checkout.id}`);
  const reserveLines = parts.flatMap((p) => p.lines.map((l) => ({ listingId: l.listingId, quantity: l.quantity })));
  const name = nameOf(deps, buyer.userId);
  try {
    await deps.catalog.reserveStock({ reservationId: checkout.id, lines: reserveLines, ttlSeconds: Math.ceil((windowMs + RESERVATION_MARGIN_MS) / 1000) }, ctx);
  } catch (err) {
    // Refused (no stock, a listing gone): nothing was taken. Any other failure (a deadline, a lost
    // answer) may have reserved all the same: the release is recorded first, so a reserve still on
    // its way takes nothing (docs/decisions/079); if even that fails, the expiry timer ends it.
    if (err instanceof AppError && err.status < 500) await moveCheckout(deps.db, checkout.id, ['pending'], 'failed', deps.now());
    else await failCheckout(deps, checkout.id);
    throw err;
  }
  const buyerName = await name;
  const now = deps.now();
  const created = await withTransaction(deps.db, async (trx) => {
    if (plan.kind === 'cart') {
      // Two checkouts of the same cart lines at once (two tabs, a double click: two keys) place one:
      // under the buyer's lock, the one that comes second sees the first's orders and places nothing.
      await lockBuyerCheckouts(trx, buyer.userId);
      const other = (await competingCheckouts(trx, { buyerId: buyer.userId, checkoutId: checkout.id, idempotencyKey: checkout.idempotency_key, entryIds: checkout.cart_entry_ids, since: readAt }))[0];
      if (other) throw checkoutInProgress(other.id);
    }
    const out: OrderRow[] = [];
    for (const part of parts) {
      // A pay-now order is written already moved to pending payment (with its activity row); a term order waits in initial.
      let first: FirstMove | null = null;
      if (part.paymentTerm === 'none') {
        const name = PROCESS_STEPS[part.processName].requestPayment;
        const def = findTransition(part.processName, 'initial', name);
        if (!def) throw new AppError('internal');
        first = { transition: name, actor: 'customer', actorId: buyer.userId, to: def.to, paymentStatus: plan.payment.bankTransfer ? 'awaiting_transfer' : 'pending' };
      }
      let row: OrderRow | null = null;
      if (plan.enquiryOrderId) {
        // request-payment-after-enquiry: the enquiry's order, not a new one (pay now only: planned so).
        const def = findTransition(part.processName, 'enquiry', 'request-payment-after-enquiry');
        if (!def || !first) throw new AppError('internal');
        row = await takeOverEnquiry(trx, plan.enquiryOrderId, { checkoutId: checkout.id, buyerId: buyer.userId, priced: part.priced, lines: linesOf(part), paymentTerm: part.paymentTerm, deliveryAddress: plan.deliveryAddress, now }, { ...first, transition: def.name, to: def.to });
        // Taken by another checkout meanwhile (or no longer an enquiry): this checkout places nothing.
        if (!row) throw new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit, enquiryId: plan.enquiryOrderId });
        await orderTransitioned(trx, row, 'enquiry', 'customer');
        out.push(row);
        continue;
      }
      // A number already taken (rare: 25^8 of them) draws another.
      for (let attempt = 0; !row && attempt < 8; attempt++) {
        const order = {
          id: randomUUID(), checkoutId: checkout.id, orderNumber: orderNumberFrom(deps.randomBytes(8)), buyerId: buyer.userId, buyerName,
          supplierId: part.supplierId, supplierName: part.supplierName, processName: part.processName, priced: part.priced, lines: linesOf(part),
          paymentTerm: part.paymentTerm, termPaymentMethodId: plan.payment.bankTransfer ? '' : plan.payment.paymentMethodId, deliveryAddress: plan.deliveryAddress, now,
        };
        row = first ? await insertMovedOrder(trx, order, first) : await insertOrder(trx, order);
      }
      if (!row) throw new AppError('internal');
      if (first) await orderTransitioned(trx, row, 'initial', 'customer');
      out.push(row);
    }
    return out;
  }, 5).catch(async (err: unknown) => {
    // Refused inside the transaction (an enquiry paid by another checkout meanwhile, say): no order
    // was written, so the stock goes back now, not at expiry. Any other failure may have committed:
    // the expiry timer ends that checkout, orders and all.
    if (err instanceof AppError && err.status < 500) await failCheckout(deps, checkout.id);
    throw err;
  });
  deps.eventsWritten();

  for (const order of created) {
    await deps.shipping.createShippingOrder(order).catch((err: unknown) => deps.logger.warn({ err, orderId: order.id }, 'shipping order not created; the order goes on'));
  }

  if (checkout.charge_now_cents === 0) return finish(deps, checkout.id, null, await completedOrRefused(deps, checkout.id));

  let payment: payments.Payment;
  try {
    const out = await deps.payments.createPayment({
      paymentId: checkout.id, buyerId: buyer.userId, amountCents: checkout.charge_now_cents, paymentMethodId: plan.payment.paymentMethodId,
      bankTransfer: plan.payment.bankTransfer, description: `Caskade order ${created.map((o) => o.order_number).join(', ')}`, offSession: false,
      transfers: created.filter((o) => o.payment_term === 'none').map((o) => ({ supplierId: o.supplier_id, amountCents: o.payout_total_cents, orderId: o.id })),
      bankTransferWindowSeconds: plan.payment.bankTransfer ? Math.floor(windowMs / 1000) : 0, reference: created[0]?.order_number ?? checkout.id,
    }, ctx);
    if (!out.payment) throw new AppError('internal');
    payment = out.payment;
    // The method's type as the payment names it (a BECS debit, say); the claim wrote the same expiry, and a card's type already.
    if (out.payment.methodType !== checkout.payment_method_type) {
      await moveCheckout(deps.db, checkout.id, ['pending'], 'pending', deps.now(), { paymentMethodType: out.payment.methodType, expiresAt });
    }
  } catch (err) {
    // The payment was refused outright (bad method id, zero amount): nothing was charged and no
    // payment will come; the checkout ends as an expired one would, its stock given back.
    if (err instanceof AppError && err.status < 500) {
      await endCheckout(deps, checkout.id, 'expired', { actor: 'system', actorId: '' });
    }
    throw err;
  }
  let completed: CompletedCheckout | null = null;
  if (payment.status === 'succeeded') completed = await completedOrRefused(deps, checkout.id);
  else await setPaymentStatus(deps.db, checkout.id, payment.status);
  if (plan.payment.bankTransfer && payment.status !== 'succeeded' && payment.status !== 'requires_payment_method') await checkoutPlaced(deps, checkout, created);
  if (payment.status === 'requires_payment_method') {
    throw new AppError('transaction-payment-failed', { checkoutId: checkout.id, failureCode: payment.failureCode, message: ORDER_MSG.paymentFailed });
  }
  return finish(deps, checkout.id, paymentSummary(payment), completed);
}

/**
 * Completes the checkout; when another party did (the payment's event) that is the same outcome, but
 * when it ended meanwhile (the operator canceled it while the card was charged: the charge went back
 * in full) nothing was bought, and the buyer is told so (409).
 */
async function completedOrRefused(deps: OrdersDeps, checkoutId: string): Promise<CompletedCheckout | null> {
  const completed = await completeCheckoutRows(deps, checkoutId);
  const state = completed ? 'purchased' : (await findCheckout(deps.db, checkoutId))?.state;
  if (state !== 'purchased') throw new AppError('transaction-invalid-transition', { checkoutId, checkout: state ?? '', reason: ORDER_MSG.checkoutEnded });
  return completed;
}

const checkoutInProgress = (otherCheckoutId: string): AppError =>
  new AppError('transaction-invalid-transition', { reason: ORDER_MSG.pendingTransit, otherCheckoutId });

/**
 * Before a cart checkout claims anything: another checkout of these lines that is still going (or
 * bought them since this one read the cart) refuses this one; one the buyer left (its card declined,
 * or its authentication never answered) is ended first — its payment canceled, its stock back — as
 * the buyer has started over.
 */
async function makeWay(deps: OrdersDeps, buyerId: string, key: string, entryIds: string[], readAt: Date): Promise<void> {
  for (const other of await competingCheckouts(deps.db, { buyerId, checkoutId: null, idempotencyKey: key, entryIds, since: readAt })) {
    if (!other.restartable || (await endCheckout(deps, other.id, 'expired', { actor: 'system', actorId: '' })) !== 'ended') throw checkoutInProgress(other.id);
  }
}

/**
 * Before a Buy now claims anything: the buyer's earlier Buy now of the same listing that waits on a
 * declined card or an unanswered bank challenge is ended (its payment canceled, its stock back), as
 * the buyer has started over — or the challenge, completed meanwhile, would buy it a second time.
 * One paid meanwhile refuses this one: the listing was just bought.
 */
async function makeWayForListing(deps: OrdersDeps, buyerId: string, key: string, listingIds: string[]): Promise<void> {
  for (const listingId of listingIds) {
    for (const id of await abandonedListingCheckouts(deps.db, { buyerId, idempotencyKey: key, listingId })) {
      const ended = await endCheckout(deps, id, 'expired', { actor: 'system', actorId: '' });
      if (ended === 'completed' || (ended === 'unchanged' && (await findCheckout(deps.db, id))?.state === 'purchased')) throw checkoutInProgress(id);
    }
  }
}

/** A checkout that placed nothing: its stock back at once (a reservation never made is nothing to give back), then failed. */
async function failCheckout(deps: OrdersDeps, checkoutId: string): Promise<void> {
  try {
    await deps.catalog.releaseReservation({ reservationId: checkoutId }, systemContext(`checkout:${checkoutId}`));
  } catch (err) {
    // Not released now (catalog down): the expiry timer still ends the checkout and gives it back.
    if (!(err instanceof AppError && err.code === 'not-found')) {
      deps.logger.warn({ err, checkoutId }, 'stock of a checkout that placed nothing not released; its timer does it');
      return;
    }
  }
  await moveCheckout(deps.db, checkoutId, ['pending'], 'failed', deps.now());
}

/**
 * The answer: the checkout as it is now (with the payment just answered, when there was one) saved
 * as the key's first answer. When this request completed the checkout, the rows it moved are the
 * checkout as it is now, so they are not read again.
 */
async function finish(deps: OrdersDeps, checkoutId: string, payment: PaymentSummary | null, completed: CompletedCheckout | null = null): Promise<orders.CheckoutOutcome> {
  const row = completed?.checkout ?? (await findCheckout(deps.db, checkoutId));
  if (!row) throw new AppError('internal');
  const outcome: orders.CheckoutOutcome = { checkout: await loadCheckoutView(deps, row, payment, completed?.orders), preview: [], replayed: false };
  // Saved now: this is the first answer. Otherwise another saved one first (a retry's or the saga's refusal): answer that.
  if (await saveAnswer(deps.db, checkoutId, { kind: 'ok', outcome }, deps.now())) return outcome;
  const saved = await findCheckout(deps.db, checkoutId);
  return saved?.answer && saved.answer.kind !== 'interrupted' ? answerOf(saved.answer, false) : outcome;
}

/** The buyer's company (or display) name for its orders, remembered a while; empty when identity cannot say. */
export async function nameOf(deps: OrdersDeps, userId: string): Promise<string> {
  const cached = deps.memo.buyerNames.get(userId);
  if (cached !== undefined) return cached;
  try {
    const user = (await deps.identity.getUsers({ ids: [userId] }, systemContext())).users[0];
    const name = user ? user.companyName || user.displayName : '';
    deps.memo.buyerNames.set(userId, name);
    return name;
  } catch (err) {
    deps.logger.warn({ err, userId }, 'buyer name not found; the order goes on without it');
    return '';
  }
}
