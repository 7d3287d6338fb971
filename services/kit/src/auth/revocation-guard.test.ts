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
