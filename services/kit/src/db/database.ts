import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { PGliteDialect } from './pglite-dialect';
import { isStalePlan, preparedStatementPool } from './prepared';

export interface Migration {
  /** Sortable, never renamed once shipped: `001_init`. */
  id: string;
  sql: string;
  /**
   * false: run outside a transaction, for ONE statement that PostgreSQL refuses in one — `create
   * index concurrently` on a table that may be big (docs/decisions/056). Write it so a rerun after
   * a crash is harmless: `drop index concurrently if exists x;` first is its own migration, or the
   * statement uses `if not exists` only where an invalid leftover cannot hide (see the ADR).
   */
  transaction?: false;
}

/**
 * What a service does with its migrations at start (env DB_MIGRATIONS):
 *   apply  — apply the pending ones (embedded and local modes; the default)
 *   verify — apply nothing; refuse to start while any is pending (the cluster: a Helm hook Job ran them)
 *   only   — apply them and stop: the process is the migration Job (`MigrationsApplied` is thrown)
 */
export type MigrationMode = 'apply' | 'verify' | 'only';
export const MIGRATION_MODES = ['apply', 'verify', 'only'] as const;

/** Thrown by openDatabase in `only` mode once every migration is applied: the caller exits 0. */
export class MigrationsApplied extends Error {
  constructor(readonly schema: string, readonly applied: string[]) {
    super(`${schema}: migrations applied (${applied.length} new); DB_MIGRATIONS=only stops here`);
    this.name = 'MigrationsApplied';
  }
}

function migrationModeFromEnv(): MigrationMode {
  const mode = process.env.DB_MIGRATIONS;
  return mode === 'verify' || mode === 'only' ? mode : 'apply';
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
  /** Default: env DB_MIGRATIONS (apply when unset). */
  migrationMode?: MigrationMode;
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
      // In the cluster the schema exists (the roles Job made it, owned by this service's role, which
      // may not create schemas): only a missing one is created.
      const found = await bootstrap.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (found.rowCount === 0) await bootstrap.query(`create schema if not exists ${schema}`);
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
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparedStatementPool(pool) }) });
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
  const mode = opts.migrationMode ?? migrationModeFromEnv();
  try {
    if (mode === 'verify') await verifyMigrations(db, schema, opts.migrations);
    else {
      const applied = await migrate(db, schema, opts.migrations, opts.logger);
      if (mode === 'only') throw new MigrationsApplied(schema, applied);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, kind, schema, poolStats, close: () => db.destroy() };
}

/** DB_MIGRATIONS=verify: every migration must be applied already (by the migration Job). */
async function verifyMigrations<DB>(db: Kysely<DB>, schema: string, migrations: Migration[]): Promise<void> {
  const table = await sql<{ found: string | null }>`select to_regclass('schema_migrations')::text as found`.execute(db);
  const done = table.rows[0]?.found ? await sql<{ id: string }>`select id from schema_migrations`.execute(db) : { rows: [] };
  const applied = new Set(done.rows.map((r) => r.id));
  const pending = migrations.filter((m) => !applied.has(m.id)).map((m) => m.id);
  if (pending.length > 0) {
    throw new Error(`${schema}: ${pending.length} migration(s) not applied (${pending.join(', ')}); DB_MIGRATIONS=verify expects the migration Job to have run them`);
  }
}

/**
 * Apply pending migrations in order, each in its own transaction (a `transaction: false` one on its
 * own), under a session advisory lock so replicas and Jobs take turns. Returns the ids applied.
 */
async function migrate<DB>(db: Kysely<DB>, schema: string, migrations: Migration[], logger?: Logger): Promise<string[]> {
  const ids = migrations.map((m) => m.id);
  if (new Set(ids).size !== ids.length || ids.join() !== [...ids].sort().join()) {
    throw new Error('migrations must have unique ids in ascending order');
  }
  const lock = `migrate:${schema}`;
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext(${lock}))`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = await sql<{ id: string }>`select id from schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((r) => r.id));
      const now: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.id)) continue;
        if (m.transaction === false) {
          await dropInvalidIndex(conn, schema, m.sql, logger);
          await sql.raw(m.sql).execute(conn);
          await sql`insert into schema_migrations (id) values (${m.id})`.execute(conn);
        } else {
          await conn.transaction().execute(async (trx) => {
            await sql.raw(m.sql).execute(trx);
            await sql`insert into schema_migrations (id) values (${m.id})`.execute(trx);
          });
        }
        now.push(m.id);
        logger?.info({ migration: m.id, schema }, 'migration applied');
      }
      return now;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(conn);
    }
  });
}

/**
 * A `create index concurrently` that failed half-way (a crash, a lock timeout, a duplicate for a
 * unique index) leaves an INVALID index behind, which `if not exists` would then take for done. Before
 * running such a migration again, drop that leftover (concurrently too).
 */
async function dropInvalidIndex<DB>(conn: Kysely<DB>, schema: string, statement: string, logger?: Logger): Promise<void> {
  const name = /create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?("?)([a-z_][a-z0-9_$]*)\1/i.exec(statement)?.[2];
  if (!name) return;
  const invalid = await sql<{ relname: string }>`
    select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relname = ${name} and not i.indisvalid`.execute(conn);
  if (invalid.rows.length === 0) return;
  logger?.warn({ index: name, schema }, 'dropping an invalid index left by an earlier concurrent build');
  await sql.raw(`drop index concurrently if exists "${schema}"."${name}"`).execute(conn);
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Run `fn` in a transaction, retrying serialization failures and deadlocks a few times. */
export async function withTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !(RETRYABLE.has(code) || isStalePlan(err))) throw err;
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
