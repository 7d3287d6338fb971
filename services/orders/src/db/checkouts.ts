/** Every statement on checkouts (the saga's record and its idempotency key). */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CheckoutsTable, OrdersDB } from './schema';
import type { Address, BillingAddress, CheckoutAnswer } from './records';

export type CheckoutRow = Selectable<CheckoutsTable>;
export type Db = Kysely<OrdersDB> | Transaction<OrdersDB>;

export interface NewCheckout {
  id: string;
  buyerId: string;
  idempotencyKey: string;
  requestHash: string;
  kind: 'cart' | 'listing';
  paymentMethodType: string;
  chargeNowCents: number;
  payinTotalCents: number;
  cartEntryIds: string[];
  deliveryAddress: Address;
  billing: BillingAddress | null;
  expiresAt: Date;
  now: Date;
}

/**
 * Claim the idempotency key and schedule the checkout's timer (`timerKind`, due at its expiry) in
 * one statement: the timer exists from the first write, and the two are one round trip. The new
 * row, or null (and no timer) when the buyer already used the key.
 */
export async function claimCheckoutWithTimer(db: Db, c: NewCheckout, timer: { id: string; kind: string }): Promise<CheckoutRow | null> {
  const row = await db
    .with('claimed', (qb) =>
      qb
        .insertInto('checkouts')
        .values({
          id: c.id, buyer_id: c.buyerId, idempotency_key: c.idempotencyKey, request_hash: c.requestHash, kind: c.kind, state: 'pending',
          payment_method_type: c.paymentMethodType, charge_now_cents: c.chargeNowCents, payin_total_cents: c.payinTotalCents,
          cart_entry_ids: JSON.stringify(c.cartEntryIds), delivery_address: JSON.stringify(c.deliveryAddress), billing_address: c.billing ? JSON.stringify(c.billing) : null, expires_at: c.expiresAt,
          answer: null, created_at: c.now, updated_at: c.now,
        })
        .onConflict((oc) => oc.columns(['buyer_id', 'idempotency_key']).doNothing())
        .returningAll(),
    )
    .with('timer', (qb) =>
      qb
        .insertInto('order_timers')
        .columns(['id', 'kind', 'subject_id', 'due_at'])
        .expression((eb) => eb.selectFrom('claimed').select([sql<string>`${timer.id}::uuid`.as('id'), sql<string>`${timer.kind}`.as('kind'), 'claimed.id', 'claimed.expires_at']))
        .returning('order_timers.id'),
    )
    .selectFrom('claimed')
    .selectAll()
    .executeTakeFirst();
  return row ?? null;
}

export const findByKey = (db: Db, buyerId: string, key: string): Promise<CheckoutRow | undefined> =>
  db.selectFrom('checkouts').selectAll().where('buyer_id', '=', buyerId).where('idempotency_key', '=', key).executeTakeFirst();

export const findCheckout = (db: Db, id: string): Promise<CheckoutRow | undefined> => db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();

export const lockCheckout = (trx: Transaction<OrdersDB>, id: string): Promise<CheckoutRow | undefined> =>
  trx.selectFrom('checkouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Move a pending checkout to purchased and answer its row as moved (the update takes the row lock
 * the rest of the transaction needs): the row, or undefined when it is not pending (or not there).
 */
export const purchasePendingCheckout = (trx: Transaction<OrdersDB>, id: string, now: Date): Promise<CheckoutRow | undefined> =>
  trx.updateTable('checkouts').set({ state: 'purchased', updated_at: now }).where('id', '=', id).where('state', '=', 'pending').returningAll().executeTakeFirst();

/** Save the key's first answer: true when this call saved it, false when one was saved before. */
export async function saveAnswer(db: Db, id: string, answer: CheckoutAnswer, now: Date): Promise<boolean> {
  const res = await db.updateTable('checkouts').set({ answer: JSON.stringify(answer), updated_at: now }).where('id', '=', id).where('answer', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Move a checkout on only from `from` (the conditional update every saga step relies on): true when this call moved it. */
export async function moveCheckout(db: Db, id: string, from: CheckoutRow['state'][], to: CheckoutRow['state'], now: Date, extra: { paymentMethodType?: string; expiresAt?: Date } = {}): Promise<boolean> {
  const res = await db
    .updateTable('checkouts')
    .set({ state: to, updated_at: now, ...(extra.paymentMethodType !== undefined ? { payment_method_type: extra.paymentMethodType } : {}), ...(extra.expiresAt ? { expires_at: extra.expiresAt } : {}) })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function countCheckouts(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from checkouts`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * The buyer's other cart checkouts that buy any of `entryIds` now (docs/decisions/077): one still
 * pending (its saga running, its payment open or declined) — except a bank transfer placed before
 * `since`, whose lines already left the cart —, or one purchased since `since` (the moment this
 * checkout read the cart, so what it read is what that one bought). Only checkouts with orders
 * written count: a checkout before that point has placed nothing yet; nor does one with this
 * checkout's key (the same request again: it is answered by replay). `restartable`: pending,
 * answered, and every pay-now order's payment declined or waiting for the buyer's authentication
 * (nothing is moving it on but the buyer, who may start over instead).
 */
export async function competingCheckouts(db: Db, c: { buyerId: string; checkoutId: string | null; idempotencyKey: string; entryIds: string[]; since: Date }): Promise<{ id: string; restartable: boolean }[]> {
  if (c.entryIds.length === 0) return [];
  const { rows } = await sql<{ id: string; restartable: boolean }>`
    select c.id, (c.state = 'pending' and c.answer is not null
      and coalesce(bool_and(o.payment_status in ('requires_payment_method', 'requires_action')) filter (where o.payment_term = 'none'), false)) as restartable
    from checkouts c join orders o on o.checkout_id = c.id
    where c.buyer_id = ${c.buyerId} and c.kind = 'cart' and c.id is distinct from ${c.checkoutId} and c.idempotency_key <> ${c.idempotencyKey}
      and c.cart_entry_ids ?| ${c.entryIds}::text[]
      and ((c.state = 'pending' and not (c.payment_method_type = 'bank_transfer' and c.answer is not null and c.updated_at < ${c.since}))
        or (c.state = 'purchased' and c.updated_at >= ${c.since}))
    group by c.id`.execute(db);
  return rows;
}

/**
 * The buyer's Buy now checkouts of this listing left waiting on their payment (a declined card, a
 * bank challenge never answered) that have answered: a new Buy now of the listing starts over.
 */
export async function abandonedListingCheckouts(db: Db, c: { buyerId: string; idempotencyKey: string; listingId: string }): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select c.id from checkouts c join orders o on o.checkout_id = c.id
    where c.buyer_id = ${c.buyerId} and c.kind = 'listing' and c.state = 'pending' and c.answer is not null and c.idempotency_key <> ${c.idempotencyKey}
      and c.payment_method_type <> 'bank_transfer' and o.lines @> ${JSON.stringify([{ listingId: c.listingId }])}::jsonb
    group by c.id
    having bool_and(o.payment_term = 'none' and o.payment_status in ('requires_payment_method', 'requires_action'))`.execute(db);
  return rows.map((r) => r.id);
}

/** One buyer's cart checkouts place their orders one at a time (held to the end of the transaction). */
export async function lockBuyerCheckouts(trx: Transaction<OrdersDB>, buyerId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`checkout-lines:${buyerId}`}))`.execute(trx);
}
