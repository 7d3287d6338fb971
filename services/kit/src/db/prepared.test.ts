// Named statements on PostgreSQL (docs/decisions/068): a parameterised query is parsed once per
// connection, and a migration that changes a table's columns under prepared `select *` statements
// neither fails a plain query nor a transaction run through withTransaction.
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { describeWithServices, postgresService, TEST_DATABASE_URL, uniqueName } from '../testing/services';
import { openDatabase, withTransaction, type Database } from './database';

interface Items {
  items: { id: number; owner: string; note?: string | null };
}

describeWithServices('prepared statements on postgres', [postgresService()], (t) => {
  const schema = uniqueName('prep');
  let database: Database<Items>;
  let db: Kysely<Items>;

  t.beforeAll(async () => {
    database = await openDatabase<Items>({
      service: 'kit',
      schema,
      dataDir: ':memory:',
      databaseUrl: TEST_DATABASE_URL,
      poolSize: 1,
      migrations: [{ id: '001_items', sql: "create table items (id int primary key, owner text not null); insert into items values (1, 'a'), (2, 'b')" }],
    });
    db = database.db;
  });

  t.afterAll(async () => {
    await database.close();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  t.test('a parameterised query is prepared once on the connection and reused', async () => {
    for (const id of [1, 2, 1]) {
      const row = await db.selectFrom('items').select(['id', 'owner']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ id, owner: id === 1 ? 'a' : 'b' });
    }
    // One pooled connection: the statement it holds is the query above, once, not three unnamed parses.
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like ${'%from "items"%'}`.execute(db);
    expect(prepared.rows.map((r) => r.statement)).toEqual(['select "id", "owner" from "items" where "id" = $1']);
  });

  t.test('a statement without parameters keeps the simple protocol (several commands in one)', async () => {
    await sql.raw("insert into items values (3, 'x'); delete from items where id = 3").execute(db);
    const ids = await db.selectFrom('items').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
  });

  t.test('after a column is added, prepared select * statements run again, in and out of a transaction', async () => {
    const read = (d: Kysely<Items>) => d.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await read(db)).toEqual({ id: 1, owner: 'a' });
    await withTransaction(db, (trx) => read(trx));

    await sql`alter table items add column note text`.execute(db);
    // Outside a transaction: retried at once under a new name.
    expect(await read(db)).toEqual({ id: 1, owner: 'a', note: null });

    await sql`alter table items add column extra int`.execute(db);
    let attempts = 0;
    const row = await withTransaction(db, async (trx) => {
      attempts += 1;
      await trx.updateTable('items').set({ owner: 'c' }).where('id', '=', 2).execute();
      return read(trx);
    });
    expect(row).toEqual({ id: 1, owner: 'a', note: null, extra: null });
    // The first attempt failed on the stale plan and rolled back; the retry committed once.
    expect(attempts).toBe(2);
    expect((await db.selectFrom('items').select('owner').where('id', '=', 2).executeTakeFirstOrThrow()).owner).toBe('c');
  });
});
