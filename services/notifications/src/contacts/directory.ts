import { systemContext, type PromiseClient } from '@caskade/kit';
import type { identity } from '@caskade/proto';

/** How an order email reaches a party and names it; identity owns these. */
export interface Contact {
  email: string;
  /** For the greeting. */
  name: string;
  /** How the other party is named: a supplier's brand, a buyer's business (else the person's name). */
  businessName: string;
}

export interface ContactDirectory {
  /** The contacts of these users; a deleted user or one without an address is left out. */
  contacts(userIds: readonly string[]): Promise<Map<string, Contact>>;
}

/** Identity's GetUsers, asked as a service for the addresses (with_email). */
export function identityContacts(client: PromiseClient<typeof identity.IdentityServiceService>): ContactDirectory {
  return {
    async contacts(userIds) {
      const { users } = await client.getUsers({ ids: [...new Set(userIds)], withEmail: true }, systemContext('notifications:order-emails'), { deadlineMs: 3000 });
      return new Map(
        users
          .filter((u) => !u.deleted && u.email !== '')
          .map((u) => [u.id, { email: u.email, name: u.displayName, businessName: u.brandName || u.companyName || u.displayName }]),
      );
    },
  };
}
