import type { Kysely, KyselyPlugin } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { systemContext } from '../context';
import { createCallerGuard, recordSessionRevocation, SESSION_REVOCATIONS_MIGRATION } from './revocation';

type DB = Record<string, never>;

/** The guard's database, counting the statements that reach it. */
function counted(db: Kysely<DB>): { db: Kysely<DB>; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { db: db.withPlugin(plugin), statements: () => n };
}

const callerCtx = (userId: string, sessionVersion: number) => ({ ...systemContext(), caller: { userId, role: 'buyer' as const, scopes: [], sessionVersion } });

describe('caller guard: one lookup per account at a time (docs/decisions/060)', () => {
  let database: Database<DB>;
  beforeAll(async () => {
    database = await openDatabase<DB>({ service: 'guardtest', dataDir: ':memory:', migrations: [SESSION_REVOCATIONS_MIGRATION] });
  }, 30_000);
  afterAll(async () => {
    await database.close();
  });

  test('concurrent checks of one account share one lookup; another account has its own', async () => {
    const { db, statements } = counted(database.db);
    const guard = createCallerGuard(db, { ttlMs: 500 });
    await Promise.all([guard.check(callerCtx('u-1', 0)), guard.check(callerCtx('u-1', 0)), guard.check(callerCtx('u-1', 0)), guard.check(callerCtx('u-2', 0))]);
    expect(statements()).toBe(2);
  });

  test('a revocation recorded while a lookup runs is not hidden by that lookup: the next check reads it and refuses', async () => {
    const { db } = counted(database.db);
    let clock = 0;
    const guard = createCallerGuard(db, { ttlMs: 60_000, now: () => clock });
    const first = guard.check(callerCtx('u-3', 0));
    // The revocation lands (this process's consumer records it and forgets) before the lookup answers.
    await recordSessionRevocation(database.db, { userId: 'u-3', sessionVersion: 1, status: 'active' });
    guard.forget('u-3');
    await first.catch(() => undefined);
    clock += 1;
    await expect(guard.check(callerCtx('u-3', 0))).rejects.toMatchObject({ code: 'auth-unauthenticated', meta: { reason: 'session-revoked' } });
    await expect(guard.check(callerCtx('u-3', 1))).resolves.toBeUndefined();
  });
});

describe('caller guard: answers reused longer while revocations are pushed to this replica (docs/decisions/075)', () => {
  let database: Database<DB>;
  beforeAll(async () => {
    database = await openDatabase<DB>({ service: 'guardpush', dataDir: ':memory:', migrations: [SESSION_REVOCATIONS_MIGRATION] });
  }, 30_000);
  afterAll(async () => {
    await database.close();
  });

  test('not listening: an answer is reused for ttlMs only; listening and settled: for listeningTtlMs', async () => {
    const { db, statements } = counted(database.db);
    let clock = 1_000_000;
    const guard = createCallerGuard(db, { ttlMs: 500, listeningTtlMs: 30_000, settleMs: 10_000, now: () => clock });
    await guard.check(callerCtx('p-1', 0));
    clock += 600;
    await guard.check(callerCtx('p-1', 0));
    expect(statements()).toBe(2);
    guard.listening(true);
    // Still settling: the short TTL holds (the table may be catching up on what a gap missed).
    await guard.check(callerCtx('p-1', 0));
    clock += 600;
    await guard.check(callerCtx('p-1', 0));
    expect(statements()).toBe(4);
    // Settled: the answer read 10 s ago is still good, up to 30 s.
    clock += 10_000;
    await guard.check(callerCtx('p-1', 0));
    clock += 19_999;
    await guard.check(callerCtx('p-1', 0));
    expect(statements()).toBe(4);
    clock += 1;
    await guard.check(callerCtx('p-1', 0));
    expect(statements()).toBe(5);
    // Deaf again: the cache is emptied and the short TTL is back.
    guard.listening(false);
    await guard.check(callerCtx('p-1', 0));
    clock += 600;
    await guard.check(callerCtx('p-1', 0));
    expect(statements()).toBe(7);
  });

  test('a pushed revocation refuses from the next check, before the table has it, and drops the cached answer', async () => {
    let clock = 2_000_000;
    const guard = createCallerGuard(database.db, { listeningTtlMs: 60_000, settleMs: 0, now: () => clock });
    guard.listening(true);
    await expect(guard.check(callerCtx('p-2', 0))).resolves.toBeUndefined();
    guard.heard({ userId: 'p-2', sessionVersion: 1, status: 'active' });
    await expect(guard.check(callerCtx('p-2', 0))).rejects.toMatchObject({ code: 'auth-unauthenticated', meta: { reason: 'session-revoked' } });
    await expect(guard.check(callerCtx('p-2', 1))).resolves.toBeUndefined();
    guard.heard({ userId: 'p-2', sessionVersion: 2, status: 'banned' });
    await expect(guard.check(callerCtx('p-2', 2))).rejects.toMatchObject({ code: 'forbidden', meta: { reason: 'user-banned' } });
    await expect(guard.statusOf('p-2')).resolves.toBe('banned');
    // Reading the table again later (it still has nothing) does not undo what was pushed.
    clock += 61_000;
    await expect(guard.check(callerCtx('p-2', 2))).rejects.toMatchObject({ code: 'forbidden' });
  });

  test('the table and the pushed revocations follow one rule: the newer version wins, a deletion stays, an older push changes nothing', async () => {
    let clock = 3_000_000;
    const guard = createCallerGuard(database.db, { listeningTtlMs: 60_000, settleMs: 0, now: () => clock });
    guard.listening(true);
    await recordSessionRevocation(database.db, { userId: 'p-3', sessionVersion: 5, status: 'active' });
    guard.heard({ userId: 'p-3', sessionVersion: 4, status: 'banned' });
    await expect(guard.check(callerCtx('p-3', 5))).resolves.toBeUndefined();
    await expect(guard.check(callerCtx('p-3', 4))).rejects.toMatchObject({ code: 'auth-unauthenticated', meta: { reason: 'session-revoked' } });
    guard.heard({ userId: 'p-3', sessionVersion: 6, status: 'deleted' });
    guard.heard({ userId: 'p-3', sessionVersion: 7, status: 'active' });
    clock += 1;
    await expect(guard.statusOf('p-3')).resolves.toBe('deleted');
    await expect(guard.check(callerCtx('p-3', 7))).rejects.toMatchObject({ code: 'auth-unauthenticated', meta: { reason: 'account-deleted' } });
  });
});
