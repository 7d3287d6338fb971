import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@caskade/kit';
import { IDENTITY_MIGRATIONS, type IdentityDB } from './schema';

describe('identity migrations', () => {
  it('002_supplier_names back-fills a clashing name for the older account, brand or business', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'identity-migrations-'));
    try {
      const first = IDENTITY_MIGRATIONS.filter((m) => m.id < '002_supplier_names');
      const before = await openDatabase<IdentityDB>({ service: 'identity', dataDir: dir, migrations: first });
      const older = '11111111-1111-4111-8111-111111111111';
      const newer = '22222222-2222-4222-8222-222222222222';
      const user = (id: string, created: string, brand: string, business: string) => ({
        id, email: `${id}@example.com`, password_hash: '!', role: 'supplier' as const, deleted_at: null, profile: '{}',
        brand_key: brand, business_key: business, created_at: new Date(created),
      });
      // The older account holds "shared name" as its business name; the newer one as its brand name.
      await before.db.insertInto('users').values([
        user(newer, '2026-02-01T00:00:00Z', 'shared name', 'newer pty ltd'),
        user(older, '2026-01-01T00:00:00Z', 'older brand', 'shared name'),
      ]).execute();
      await before.close();
      const after = await openDatabase<IdentityDB>({ service: 'identity', dataDir: dir, migrations: IDENTITY_MIGRATIONS });
      try {
        const names = await after.db.selectFrom('supplier_names').select(['name_key', 'user_id']).orderBy('name_key').execute();
        expect(names).toEqual([
          { name_key: 'newer pty ltd', user_id: newer },
          { name_key: 'older brand', user_id: older },
          { name_key: 'shared name', user_id: older },
        ]);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  // Two file-backed PGlite databases opened (each an initdb on first open): 30 s was this 2-core CI
  // machine's usual time for them when the orders suites ran beside it (29.8 s in one run, over in the next).
  }, 90_000);
});
