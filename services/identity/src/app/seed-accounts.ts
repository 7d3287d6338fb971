import { randomUUID } from 'node:crypto';
import type { Role } from '@caskade/kit';
import type { ProfileData } from '../db/schema';
import { EMPTY_PROFILE, nameKey } from '../domain/user';
import type { IdentityDeps } from './deps';

export interface SeedAccount {
  id?: string;
  email: string;
  password: string;
  role: Role;
  profile: Partial<ProfileData>;
  /** e.g. ['user:limited'] for a limited-access login. */
  scopes?: string[];
}

/** Create verified accounts that do not exist yet (by email); existing ones are left as they are. Returns email → id. */
export async function ensureAccounts(deps: IdentityDeps, accounts: SeedAccount[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const account of accounts) {
    const email = account.email.trim().toLowerCase();
    const existing = await deps.db.selectFrom('users').select('id').where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
    if (existing) {
      ids.set(email, existing.id);
      continue;
    }
    const profile: ProfileData = { ...EMPTY_PROFILE, published: account.role === 'supplier', ...account.profile };
    const id = account.id ?? randomUUID();
    await deps.db
      .insertInto('users')
      .values({
        id,
        email,
        email_verified: true,
        password_hash: await deps.passwords.hash(account.password),
        role: account.role,
        scopes: account.scopes ?? [],
        deleted_at: null,
        profile: JSON.stringify(profile),
        brand_key: account.role === 'supplier' ? nameKey(profile.brandName) : null,
        business_key: account.role === 'supplier' ? nameKey(profile.businessName) : null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    ids.set(email, id);
    deps.logger.info({ email, role: account.role }, 'seeded account');
  }
  return ids;
}
