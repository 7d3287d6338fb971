// The rules of docs/decisions/056 for every service's migrations, read from the migration lists:
// an index on a table an earlier migration created is built concurrently, in a migration of its
// own outside a transaction; a constraint added to an existing table is NOT VALID (validated in a
// later migration) or attached from an index built concurrently. Migrations shipped before the rule
// (pre-launch, when those tables were small) are listed and frozen: ids are never edited.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Migration } from '@caskade/kit';
import { discoverServices, repoRoot } from './k8s-tools';

/** Shipped before ADR 056; each a table-locking statement on a then-small table. Never add to this list. */
const SHIPPED_BEFORE_THE_RULE = new Set([
  'catalog/004_search_price_desc_and_brand_pages',
  'catalog/005_stock_held_and_max',
  'notifications/002_email_recipient',
  'payments/002_payout_on_completion',
  'orders/003_orders_after_purchase',
]);

async function migrationsOf(service: string): Promise<Migration[]> {
  const file = path.join(repoRoot, 'services', service, 'src', 'db', 'schema.ts');
  if (!existsSync(file)) return [];
  const mod = (await import(file)) as Record<string, unknown>;
  const list = Object.entries(mod).find(([name, value]) => name.endsWith('_MIGRATIONS') && Array.isArray(value))?.[1];
  return (list as Migration[] | undefined) ?? [];
}

/** The problems of one service's migrations under the rule. */
export function ruleProblems(service: string, migrations: Migration[]): string[] {
  const problems: string[] = [];
  const created = new Map<string, string>();
  for (const m of migrations) {
    const text = m.sql.toLowerCase();
    const at = `${service}/${m.id}`;
    for (const [, table] of text.matchAll(/create table (?:if not exists )?(\w+)/g)) if (!created.has(table!)) created.set(table!, m.id);
    if (SHIPPED_BEFORE_THE_RULE.has(at)) continue;
    for (const [statement, concurrently, table] of text.matchAll(/create (?:unique )?index (concurrently )?(?:if not exists )?\w+\s+on\s+(?:only\s+)?(\w+)/g)) {
      const existing = created.get(table!) !== undefined && created.get(table!) !== m.id;
      if (!existing) continue;
      if (!concurrently || m.transaction !== false) problems.push(`${at}: "${statement}" on ${table}, created in ${created.get(table!)}: build it concurrently in a migration of its own with transaction: false`);
    }
    for (const [statement, table, rest] of text.matchAll(/alter table (?:only )?(\w+)([^;]*)/g)) {
      if (!created.has(table!) || created.get(table!) === m.id) continue;
      for (const clause of rest!.split(/,(?![^(]*\))/)) {
        if (/add constraint \w+ (check|foreign key)/.test(clause) && !/not valid/.test(clause)) problems.push(`${at}: "${statement.slice(0, 80)}": add it NOT VALID, validate in a later migration`);
        if (/add constraint \w+ (unique|primary key)/.test(clause) && !/using index/.test(clause)) problems.push(`${at}: "${statement.slice(0, 80)}": build the unique index concurrently first, then add the constraint USING INDEX`);
      }
    }
  }
  return problems;
}

describe('migrations follow expand/contract without locking big tables (docs/decisions/056)', () => {
  it('every service\'s migrations build indexes on existing tables concurrently and add constraints without a locking scan', async () => {
    const problems: string[] = [];
    for (const service of discoverServices()) problems.push(...ruleProblems(service, await migrationsOf(service)));
    expect(problems).toEqual([]);
  });

  it('the check catches a plain index, a transactional concurrent one and a validating constraint on an existing table', () => {
    const base: Migration = { id: '001_t', sql: 'create table t (id int primary key, a int)' };
    expect(ruleProblems('x', [base, { id: '002_i', sql: 'create index t_a on t (a)' }])).toHaveLength(1);
    expect(ruleProblems('x', [base, { id: '002_i', sql: 'create index concurrently t_a on t (a)' }])).toHaveLength(1);
    expect(ruleProblems('x', [base, { id: '002_i', sql: 'create index concurrently t_a on t (a)', transaction: false }])).toEqual([]);
    expect(ruleProblems('x', [base, { id: '002_c', sql: 'alter table t add constraint t_a_pos check (a > 0)' }])).toHaveLength(1);
    expect(ruleProblems('x', [base, { id: '002_c', sql: 'alter table t add constraint t_a_pos check (a > 0) not valid' }])).toEqual([]);
    expect(ruleProblems('x', [base, { id: '002_u', sql: 'alter table t add constraint t_a_key unique (a)' }])).toHaveLength(1);
    // a table's own indexes, in the migration that creates it, are fine
    expect(ruleProblems('x', [{ id: '001_t', sql: base.sql + '; create index t_a on t (a)' }])).toEqual([]);
  });

  it('the frozen list names only migrations that exist', async () => {
    const ids = new Set<string>();
    for (const service of discoverServices()) for (const m of await migrationsOf(service)) ids.add(`${service}/${m.id}`);
    expect([...SHIPPED_BEFORE_THE_RULE].filter((id) => !ids.has(id))).toEqual([]);
    expect(readFileSync(path.join(repoRoot, 'docs/decisions/056-expand-contract-migrations.md'), 'utf8')).toContain('transaction: false');
  });
});
