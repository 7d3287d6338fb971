import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Named (prepared) statements for every parameterised query Kysely sends (docs/decisions/068).
 *
 * node-postgres sends an unnamed statement unless the query has a name, so PostgreSQL parses,
 * analyses and plans each statement again on every execution; on the checkout's short statements
 * that was most of the database's CPU. With a name derived from the text, each pooled connection
 * parses a statement once and afterwards only binds and executes it (node-postgres remembers which
 * names a connection has parsed). Statements without parameters (`begin`, `commit`, a migration's
 * script, which may hold several commands) keep the simple protocol.
 *
 * After a migration adds a column, a prepared `select *` refuses to run ("cached plan must not
 * change result type", 0A000): the wrapper then moves every name to a new generation, so the next
 * execution parses the new shape; outside a transaction it retries at once, inside one the error
 * reaches withTransaction, which retries the whole transaction (isStalePlan).
 */
let generation = 0;
const names = new Map<string, string>();
const MAX_NAMES = 5_000;
/**
 * A statement with more parameters than this is built for its input (a long `in (…)` list, a
 * many-row insert): each length would be one more statement kept on the connection, so it stays unnamed.
 */
const MAX_NAMED_PARAMETERS = 100;

function nameFor(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `k${generation}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

export function isStalePlan(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}

function prepared(client: pg.PoolClient): PostgresPoolClient {
  async function run<R>(text: string, values: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const result = await client.query({ name: nameFor(text), text, values: values as unknown[] });
    return result as unknown as PostgresQueryResult<R>;
  }
  function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = parameters ?? [];
    if (values.length === 0) return client.query(sqlOrCursor) as unknown as Promise<PostgresQueryResult<R>>;
    if (values.length > MAX_NAMED_PARAMETERS) return client.query(sqlOrCursor, values as unknown[]) as unknown as Promise<PostgresQueryResult<R>>;
    return run<R>(sqlOrCursor, values).catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      generation += 1;
      names.clear();
      // Outside a transaction the failed statement changed nothing: run it again under the new name.
      if ((client as pg.PoolClient & { getTransactionStatus?: () => string | null }).getTransactionStatus?.() === 'I') return run<R>(sqlOrCursor, values);
      throw err;
    });
  }
  return { query: query as PostgresPoolClient['query'], release: () => client.release() };
}

/** The pool Kysely's PostgresDialect uses: the same connections, with named statements. */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => prepared(await pool.connect()),
    end: () => pool.end(),
  };
}
