import { randomUUID } from 'node:crypto';
import type { Role } from '@caskade/kit';
import type { ProfileData } from '../db/schema';
import { claimSupplierNames } from '../db/supplier-names';
import { findActiveUserByEmail, insertUserUnlessPresent } from '../db/users';
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

/**
 * Create verified accounts that do not exist yet (by email); existing ones are left as they are. Returns email → id.
 * Demo accounts share their published password, so it is hashed once per call, not once per
 * account: argon2id is slow on purpose, and a hash per account was much of the demo seeding's time.
 */
export async function ensureAccounts(deps: IdentityDeps, accounts: SeedAccount[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (password: string): Promise<string> => {
    const known = hashes.get(password);
    if (known) return known;
    const hash = deps.passwords.hash(password);
    hashes.set(password, hash);
    return hash;
  };
  for (const account of accounts) {
    const email = account.email.trim().toLowerCase();
    const existing = await findActiveUserByEmail(deps.db, email);
    if (existing) {
      ids.set(email, existing.id);
      continue;
    }
    const profile: ProfileData = { ...EMPTY_PROFILE, published: account.role === 'supplier', ...account.profile };
    const id = account.id ?? randomUUID();
    const passwordHash = await hashOf(account.password);
    await deps.db.transaction().execute(async (trx) => {
      const inserted = await insertUserUnlessPresent(trx, {
        id,
        email,
        email_verified: true,
        password_hash: passwordHash,
        role: account.role,
        scopes: account.scopes ?? [],
        deleted_at: null,
        profile,
        brand_key: account.role === 'supplier' ? nameKey(profile.brandName) : null,
        business_key: account.role === 'supplier' ? nameKey(profile.businessName) : null,
      });
      if (inserted?.role === 'supplier') {
        await claimSupplierNames(trx, inserted.id, { brandName: inserted.brand_key, businessName: inserted.business_key });
      }
    });
    ids.set(email, id);
    deps.logger.info({ email, role: account.role }, 'seeded account');
  }
  return ids;
}
