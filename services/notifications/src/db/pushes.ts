import { sql, type Kysely } from 'kysely';
import type { NotificationsDB } from './schema';

/** A browser's push subscription (PushSubscription.toJSON(): endpoint and its two keys). */
export interface PushSubscriptionKeys {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The 16-byte auth secret, base64url. */
  auth: string;
}

export interface ClaimedPush {
  id: string;
  payload: string;
  /** Attempts including this claim. */
  attempts: number;
  /** Null when the subscription was removed since the push was queued. */
  subscription: PushSubscriptionKeys | null;
}

/** Save a browser's subscription for this user; an endpoint already saved (another account signed in on it) moves to this one. */
export async function saveSubscription(db: Kysely<NotificationsDB>, userId: string, s: PushSubscriptionKeys): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ endpoint: s.endpoint, user_id: userId, p256dh: s.p256dh, auth: s.auth })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: s.p256dh, auth: s.auth }))
    .execute();
}

export async function hasSubscription(db: Kysely<NotificationsDB>, userId: string, endpoint: string): Promise<boolean> {
  const row = await db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function removeSubscription(db: Kysely<NotificationsDB>, userId: string, endpoint: string): Promise<boolean> {
  const res = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Claim due pushes like emails (FOR UPDATE SKIP LOCKED, a lease in next_attempt_at), with their subscription's keys. */
export async function claimDuePushes(db: Kysely<NotificationsDB>, batch: number, leaseMs: number): Promise<ClaimedPush[]> {
  const res = await sql<{ id: string; payload: string; attempts: number; endpoint: string; p256dh: string | null; auth: string | null }>`
    with due as (
      select id from pushes
      where state = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    ), claimed as (
      update pushes p
      set attempts = p.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      from due where p.id = due.id
      returning p.id, p.payload, p.attempts, p.endpoint
    )
    select c.id, c.payload, c.attempts, c.endpoint, s.p256dh, s.auth
    from claimed c left join push_subscriptions s on s.endpoint = c.endpoint
  `.execute(db);
  return res.rows.map((r) => ({
    id: r.id, payload: r.payload, attempts: r.attempts,
    subscription: r.p256dh !== null && r.auth !== null ? { endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth } : null,
  }));
}

export async function markPushSent(db: Kysely<NotificationsDB>, push: ClaimedPush): Promise<void> {
  await db.updateTable('pushes').set({ state: 'sent', sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', push.id).where('state', '=', 'pending').execute();
}

export async function schedulePushRetry(db: Kysely<NotificationsDB>, push: ClaimedPush, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable('pushes')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`, last_error: error })
    .where('id', '=', push.id).where('state', '=', 'pending').where('attempts', '=', push.attempts)
    .execute();
}

export async function markPushFailed(db: Kysely<NotificationsDB>, push: ClaimedPush, error: string): Promise<void> {
  await db.updateTable('pushes').set({ state: 'failed', last_error: error }).where('id', '=', push.id).where('state', '=', 'pending').where('attempts', '=', push.attempts).execute();
}

/**
 * The push service says the subscription is gone (404/410), or it was removed: the push ends
 * 'gone', the subscription is dropped, and so are its other pending pushes.
 */
export async function dropGoneSubscription(db: Kysely<NotificationsDB>, endpoint: string, error: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    await trx.updateTable('pushes').set({ state: 'gone', last_error: error }).where('endpoint', '=', endpoint).where('state', '=', 'pending').execute();
  });
}
