import { AppError, type CallContext, type PromiseClient } from '@caskade/kit';
import type { identity } from '@caskade/proto';

/** What the catalog needs to know about the supplier who is asking; identity owns it. */
export interface SupplierProfile {
  id: string;
  brandName: string;
  displayName: string;
  /** New listings publish straight away (true) or wait for an operator (false). */
  published: boolean;
}

export interface SupplierDirectory {
  /** The calling user's profile, asked of identity with the caller's own context. */
  currentSupplier(ctx: CallContext): Promise<SupplierProfile>;
}

export function identityDirectory(client: PromiseClient<typeof identity.IdentityServiceService>): SupplierDirectory {
  return {
    async currentSupplier(ctx) {
      const { user } = await client.getCurrentUser({}, ctx, { deadlineMs: 3000 });
      if (!user?.profile) throw new AppError('auth-unauthenticated');
      if (user.role !== 'supplier') throw new AppError('forbidden', { reason: 'suppliers only' });
      const p = user.profile;
      return { id: user.id, brandName: p.brandName || p.companyName, displayName: p.displayName, published: p.published };
    },
  };
}
