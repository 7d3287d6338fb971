import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { PGliteDialect } from './pglite-dialect';

export interface Migration {
  /** Sortable, never renamed once shipped: `001_init`. */
  id: string;
  sql: string;
}

export interface DatabaseOptions {
  service: string;
  /** PostgreSQL server; when absent the service runs on PGlite under `dataDir/<service>`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Defaults to the service name; tests pass a unique one. `:memory:` dataDir gives an in-memory PGlite. */
  schema?: string;
  migrations: Migration[];
  logger?: Logger;
  poolSize?: number;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  schema: string;
  /** The PostgreSQL pool's connections (null on PGlite), for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// int8 and numeric as JS numbers: every int8 we store (cents, counts) is well inside the safe range.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase<DB>(opts: DatabaseOptions): Promise<Database<DB>> {
  const schema = opts.schema ?? opts.service;
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
  let db: Kysely<DB>;
  let kind: Database<DB>['kind'];
  let poolStats: Database<DB>['poolStats'] = () => null;
  if (opts.databaseUrl) {
    const bootstrap = new pg.Client({ connectionString: opts.databaseUrl });
    await bootstrap.connect();
    try {
      await bootstrap.query(`create schema if not exists ${schema}`);
    } catch (err) {
      // Two replicas creating the schema at once: one loses the race, the schema exists.
      if ((err as { code?: string }).code !== '23505') throw err;
    } finally {
      await bootstrap.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      options: `-c search_path=${schema}`,
    });
    pool.on('error', (err) => opts.logger?.error({ err }, 'idle database client error'));
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    kind = 'postgres';
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  } else {
    const dir = opts.dataDir === ':memory:' ? undefined : path.resolve(opts.dataDir, opts.service);
    if (dir) mkdirSync(dir, { recursive: true });
    const lite = new PGlite(dir);
    await lite.waitReady;
    await lite.exec(`create schema if not exists ${schema}; set search_path = ${schema};`);
    db = new Kysely<DB>({ dialect: new PGliteDialect(lite) });
    kind = 'pglite';
  }
  await migrate(db, schema, opts.migrations, opts.logger);
  return { db, kind, schema, poolStats, close: () => db.destroy() };
}

/** Apply pending migrations in order, one transaction each, under an advisory lock so replicas take turns. */
async function migrate<DB>(db: Kysely<DB>, schema: string, migrations: Migration[], logger?: Logger): Promise<void> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length || ids.join() !== [...ids].sort().join()) {
    throw new Error('migrations must have unique ids in ascending order');
  }
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`migrate:${schema}`}))`.execute(trx);
    await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = await sql<{ id: string }>`select id from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.id));
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await sql.raw(m.sql).execute(trx);
      await sql`insert into schema_migrations (id) values (${m.id})`.execute(trx);
      logger?.info({ migration: m.id, schema }, 'migration applied');
    }
  });
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Run `fn` in a transaction, retrying serialization failures and deadlocks a few times. */
export async function withTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
    }
  }
}

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a NUL byte or bad escape in text, a number out of
 * range, a malformed value for its type) come from the caller's values, never from our state:
 * they are bad input, not a server failure.
 */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return false;
  return constraint === undefined || e.constraint === constraint || (e.message ?? '').includes(constraint);
}
