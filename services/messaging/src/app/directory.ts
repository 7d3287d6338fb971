import { systemContext, type PromiseClient } from '@caskade/kit';
import type { identity } from '@caskade/proto';

export interface DirectoryUser {
  id: string;
  role: string;
  /** The name shown in conversations. */
  name: string;
  banned: boolean;
  deleted: boolean;
}

/** Accounts by id; unknown ids are left out. */
export interface Directory {
  getUsers(ids: readonly string[]): Promise<DirectoryUser[]>;
}

/** The name a user shows in conversations: a supplier's brand (or company), a buyer's company (or display name). */
export function conversationName(u: Pick<identity.PublicUser, 'role' | 'brandName' | 'companyName' | 'displayName'>): string {
  if (u.role === 'supplier') return u.brandName || u.companyName || u.displayName;
  return u.companyName || u.displayName;
}

/** Identity over gRPC (a service call: no caller). */
export function identityDirectory(client: PromiseClient<typeof identity.IdentityServiceService>): Directory {
  return {
    async getUsers(ids) {
      if (ids.length === 0) return [];
      const { users } = await client.getUsers({ ids: [...ids] }, systemContext('messaging'));
      return users.map((u) => ({ id: u.id, role: u.role, name: conversationName(u), banned: u.banned, deleted: u.deleted }));
    },
  };
}
