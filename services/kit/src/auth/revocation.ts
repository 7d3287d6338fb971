/**
 * Session revocation, checked by the service that owns the data (docs/decisions/023). Identity
 * raises an account's session version on logout, password change or reset, user-type switch, ban
 * and deletion, and publishes `identity.user.sessions_revoked`. Every service keeps the newest
 * version and status per account in its own `session_revocations` table (written by identity in
 * the same transaction, by the others from the event) and refuses a call whose token carries an
 * older version, or whose account is banned or deleted — not only when the token expires.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Migration } from '../db/database';
import type { CallContext, Caller } from '../context';
import { AppError } from '../rules/errors';
import type { SubscribeOptions } from '../events/types';
import { defineConsumer, defineEvent, type PayloadOf } from '../events/typed';
import { identityEvents } from '@caskade/proto';

export const ACCOUNT_STATUSES = ['active', 'banned', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const isAccountStatus = (v: unknown): v is AccountStatus => typeof v === 'string' && (ACCOUNT_STATUSES as readonly string[]).includes(v);

/** Identity's event, defined here because every service's guard consumes it (identity's registry re-exports it). */
export const SessionsRevoked = defineEvent('identity.user.sessions_revoked', identityEvents.SessionsRevoked);

/** Kit migration every service runs after the outbox: id sorts after `000_outbox_inbox`. */
export const SESSION_REVOCATIONS_MIGRATION: Migration = {
  id: '000_session_revocations',
  sql: `
create table session_revocations (
  user_id text primary key,
  session_version int not null check (session_version >= 0),
  status text not null check (status in ('active', 'banned', 'deleted')),
  updated_at timestamptz not null default now()
);
`,
};

export interface SessionRevocation {
  userId: string;
  sessionVersion: number;
  status: AccountStatus;
}

/**
 * Keep the newest revocation of an account: a newer version wins, and at the same version a
 * deletion or ban is never undone by a redelivered older event. Idempotent, so it needs no inbox.
 */
export async function recordSessionRevocation<DB>(db: Kysely<DB> | Transaction<DB>, rev: SessionRevocation): Promise<void> {
  await sql`
    insert into session_revocations (user_id, session_version, status) values (${rev.userId}, ${rev.sessionVersion}, ${rev.status})
    on conflict (user_id) do update set session_version = excluded.session_version, status = excluded.status, updated_at = now()
    where session_revocations.status <> 'deleted'
      and (excluded.session_version > session_revocations.session_version
        or (excluded.session_version = session_revocations.session_version and session_revocations.status = 'active'))
  `.execute(db);
}

export interface CallerGuard {
  /** Refuses (401 revoked or deleted, 403 banned) a caller whose account's sessions were revoked. */
  check(ctx: CallContext): Promise<void>;
  /** The account's current status as this service knows it (active when never revoked). */
  statusOf(userId: string): Promise<AccountStatus>;
  /** Forget cached answers for an account (after recording a revocation in this process). */
  forget(userId: string): void;
  /**
   * A revocation pushed to this replica (identity's event fanned out to every replica,
   * docs/decisions/075): it applies from the next check, whether or not this service's table has
   * it yet.
   */
  heard(rev: SessionRevocation): void;
  /**
   * Whether every revocation is pushed to this replica now (its fan-out subscription is up). While
   * it is, and has been for `settleMs`, answers are reused for `listeningTtlMs`; otherwise for `ttlMs`.
   * Every change empties the cache: what was missed while deaf is read again.
   */
  listening(on: boolean): void;
}

export interface CallerGuardOptions {
  /** How long one answer is reused while revocations are not pushed here (they reach the table by the event, within this plus its delivery). */
  ttlMs?: number;
  /** How long one answer is reused while revocations are pushed to this replica; default 30 s. */
  listeningTtlMs?: number;
  /** After (re)starting to listen, the short TTL holds this long more: the table catches up on what a gap missed; default 10 s. */
  settleMs?: number;
  now?: () => number;
}

interface Standing {
  version: number;
  status: AccountStatus;
}

interface Known extends Standing {
  at: number;
}

/** The table's rule (recordSessionRevocation): would `next` replace `current`? */
const supersedes = (current: Standing, next: Standing): boolean =>
  current.status !== 'deleted' && (next.version > current.version || (next.version === current.version && current.status === 'active'));

/** A pushed revocation is kept in memory this long: far beyond any delivery delay of the event to this service's table. */
const KEEP_PUSHED_MS = 10 * 60_000;
const MAX_ENTRIES = 50_000;

/**
 * A guard over this service's `session_revocations` table, with a per-process cache: short (500 ms)
 * while revocations are not pushed to this replica, long (30 s) while they are (docs/decisions/075).
 */
export function createCallerGuard<DB>(db: Kysely<DB>, opts: CallerGuardOptions = {}): CallerGuard {
  const ttlMs = opts.ttlMs ?? 500;
  const listeningTtlMs = opts.listeningTtlMs ?? 30_000;
  const settleMs = opts.settleMs ?? 10_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, Known>();
  // Revocations pushed here, applied over whatever the table answers until it has them too.
  const pushed = new Map<string, Standing & { at: number }>();
  let listeningSince: number | null = null;
  // Concurrent calls of one account (a checkout reads the cart and the address at once) share one
  // lookup: its answer is no older than a cached one would be.
  const inFlight = new Map<string, Promise<Known>>();
  // Bumped by forget(): a lookup that started before a revocation was recorded answers its caller but is not cached.
  let forgotten = 0;
  const currentTtl = () => (listeningSince !== null && now() - listeningSince >= settleMs ? listeningTtlMs : ttlMs);
  const drop = (userId?: string) => {
    if (userId === undefined) {
      cache.clear();
      inFlight.clear();
    } else {
      cache.delete(userId);
      inFlight.delete(userId);
    }
    forgotten += 1;
  };
  const withPushed = (userId: string, fromTable: Standing): Standing => {
    const p = pushed.get(userId);
    if (!p) return fromTable;
    if (now() - p.at > KEEP_PUSHED_MS) {
      pushed.delete(userId);
      return fromTable;
    }
    return supersedes(fromTable, p) ? { version: p.version, status: p.status } : fromTable;
  };
  const lookup = async (userId: string): Promise<Known> => {
    const epoch = forgotten;
    const { rows } = await sql<{ session_version: number; status: string }>`select session_version, status from session_revocations where user_id = ${userId}`.execute(db);
    const row = rows[0];
    const standing = withPushed(userId, { version: row?.session_version ?? 0, status: isAccountStatus(row?.status) ? row.status : 'active' });
    const known: Known = { ...standing, at: now() };
    if (epoch === forgotten) {
      if (cache.size > MAX_ENTRIES) cache.clear();
      cache.set(userId, known);
    }
    return known;
  };
  const load = (userId: string): Promise<Known> => {
    const hit = cache.get(userId);
    if (hit && now() - hit.at < currentTtl()) return Promise.resolve(hit);
    const pending = inFlight.get(userId);
    if (pending) return pending;
    const started = lookup(userId).finally(() => {
      if (inFlight.get(userId) === started) inFlight.delete(userId);
    });
    inFlight.set(userId, started);
    return started;
  };
  return {
    async check(ctx) {
      const caller: Caller | null = ctx.caller;
      if (!caller) return;
      const known = await load(caller.userId);
      if (known.status === 'deleted') throw new AppError('auth-unauthenticated', { reason: 'account-deleted' });
      if (known.status === 'banned') throw new AppError('forbidden', { reason: 'user-banned' });
      // A token's caller always has a version; a service acting for a user without one (a standing
      // order: ADR 053's `act`) is not a session, so only the account's status applies to it.
      if (caller.sessionVersion !== undefined && caller.sessionVersion < known.version) throw new AppError('auth-unauthenticated', { reason: 'session-revoked' });
    },
    async statusOf(userId) {
      return (await load(userId)).status;
    },
    forget(userId) {
      drop(userId);
    },
    heard(rev) {
      const before = pushed.get(rev.userId);
      if (!before || supersedes(before, { version: rev.sessionVersion, status: rev.status })) {
        if (pushed.size > MAX_ENTRIES) for (const [id, p] of pushed) if (now() - p.at > KEEP_PUSHED_MS) pushed.delete(id);
        pushed.set(rev.userId, { version: rev.sessionVersion, status: rev.status, at: now() });
      }
      drop(rev.userId);
    },
    listening(on) {
      if (on === (listeningSince !== null)) return;
      listeningSince = on ? now() : null;
      drop();
    },
  };
}

/** The consumer every service runs (identity's too: recording twice is harmless) to keep its table current. */
export function sessionRevocationConsumer<DB>(service: string, db: Kysely<DB>, guard: CallerGuard, onRevoked?: (rev: SessionRevocation) => Promise<void>): SubscribeOptions {
  return defineConsumer(`${service}-session-revocations`, [SessionsRevoked]).handle(async (event) => {
    const rev = toRevocation(event.data);
    if (!rev) return;
    await recordSessionRevocation(db, rev);
    guard.forget(rev.userId);
    await onRevoked?.(rev);
  });
}

/** A decoded SessionsRevoked, or null when it names no account or an unknown status (nothing to record). */
export function toRevocation({ userId, sessionVersion, status }: PayloadOf<typeof SessionsRevoked>): SessionRevocation | null {
  if (userId.length === 0 || !Number.isSafeInteger(sessionVersion) || sessionVersion < 0 || !isAccountStatus(status)) return null;
  return { userId, sessionVersion, status };
}
