// Migration modes (DB_MIGRATIONS apply | verify | only) and migrations run outside a transaction
// (`create index concurrently`), on PGlite and on PostgreSQL.
import pg from 'pg';
import { sql } from 'kysely';
import { describeOnBackends, TEST_DATABASE_URL, uniqueName } from '../testing/services';
import { MigrationsApplied, openDatabase, type Migration } from './database';

const BASE: Migration[] = [{ id: '001_items', sql: 'create table items (id int primary key, owner text not null)' }];
const WITH_INDEX: Migration[] = [
  ...BASE,
  // Outside a transaction, as a big table's index build must be (docs/decisions/056).
  { id: '002_items_owner', sql: 'create index concurrently items_owner on items (owner)', transaction: false },
];

describeOnBackends('migrations', (backend, t) => {
  const schemas: string[] = [];
  const open = (migrations: Migration[], migrationMode: 'apply' | 'verify' | 'only', schema: string) =>
    openDatabase({
      service: 'kit',
      schema,
      dataDir: ':memory:',
      migrations,
      migrationMode,
      ...(backend === 'postgres' ? { databaseUrl: TEST_DATABASE_URL } : {}),
    });

  t.afterAll(async () => {
    if (backend !== 'postgres') return;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    for (const s of schemas) await client.query(`drop schema if exists ${s} cascade`);
    await client.end();
  });

  const schema = () => {
    const s = uniqueName('mig');
    schemas.push(s);
    return s;
  };

  t.test('apply runs a transaction-less migration (create index concurrently) and records it', async () => {
    if (backend === 'pglite') {
      // PGlite is one in-memory database per open: apply both migrations at once.
      const db = await open(WITH_INDEX, 'apply', schema());
      const idx = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'items' and indexname = 'items_owner'`.execute(db.db);
      expect(idx.rows).toHaveLength(1);
      await db.close();
      return;
    }
    const s = schema();
    await (await open(BASE, 'apply', s)).close();
    const db = await open(WITH_INDEX, 'apply', s);
    const idx = await sql<{ indexname: string; valid: boolean }>`
      select c.relname as indexname, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${s} and c.relname = 'items_owner'`.execute(db.db);
    expect(idx.rows).toEqual([{ indexname: 'items_owner', valid: true }]);
    const ids = await sql<{ id: string }>`select id from schema_migrations order by id`.execute(db.db);
    expect(ids.rows.map((r) => r.id)).toEqual(['001_items', '002_items_owner']);
    await db.close();
  });

  // PostgreSQL only: PGlite here is one in-memory database per open, with no earlier run to leave anything behind.
  if (backend === 'postgres') t.test('an invalid index left by a failed concurrent build is dropped and built again', async () => {
    const s = schema();
    await (await open(BASE, 'apply', s)).close();
    // What a crashed `create index concurrently` leaves: the index, marked invalid.
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`create index items_owner on ${s}.items (owner)`);
    await client.query(`update pg_index set indisvalid = false where indexrelid = '${s}.items_owner'::regclass`);
    await client.end();
    const db = await open(WITH_INDEX, 'apply', s);
    const idx = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${s} and c.relname = 'items_owner'`.execute(db.db);
    expect(idx.rows).toEqual([{ valid: true }]);
    await db.close();
  });

  t.test('verify refuses to start while a migration is pending, and starts once it is applied', async () => {
    if (backend === 'pglite') {
      await expect(open(BASE, 'verify', schema())).rejects.toThrow(/1 migration\(s\) not applied \(001_items\)/);
      return;
    }
    const s = schema();
    await expect(open(BASE, 'verify', s)).rejects.toThrow(/not applied \(001_items\); DB_MIGRATIONS=verify/);
    await (await open(BASE, 'apply', s)).close();
    await expect(open(WITH_INDEX, 'verify', s)).rejects.toThrow(/not applied \(002_items_owner\)/);
    const db = await open(BASE, 'verify', s);
    // verify applies nothing
    const ids = await sql<{ id: string }>`select id from schema_migrations`.execute(db.db);
    expect(ids.rows.map((r) => r.id)).toEqual(['001_items']);
    await db.close();
  });

  t.test('only applies what is pending and stops with MigrationsApplied naming it', async () => {
    const s = schema();
    const first = await open(WITH_INDEX, 'only', s).then(
      () => null,
      (err: unknown) => err,
    );
    expect(first).toBeInstanceOf(MigrationsApplied);
    expect((first as MigrationsApplied).applied).toEqual(['001_items', '002_items_owner']);
    if (backend === 'postgres') {
      const again = await open(WITH_INDEX, 'only', s).catch((err: unknown) => err);
      expect((again as MigrationsApplied).applied).toEqual([]);
    }
  });
});
