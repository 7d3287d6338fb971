import { createClient, type PromiseClient } from '@caskade/kit';
import { catalog, identity, notifications } from '@caskade/proto';

export interface GatewayClients {
  identity: PromiseClient<typeof identity.IdentityServiceService>;
  notifications: PromiseClient<typeof notifications.NotificationsServiceService>;
  catalog: PromiseClient<typeof catalog.CatalogServiceService>;
}

export function createClients(addr: { identity: string; notifications: string; catalog: string }): GatewayClients {
  return {
    identity: createClient(identity.IdentityServiceService, addr.identity),
    notifications: createClient(notifications.NotificationsServiceService, addr.notifications),
    catalog: createClient(catalog.CatalogServiceService, addr.catalog),
  };
}

export function closeClients(clients: GatewayClients): void {
  for (const c of Object.values(clients)) c.close();
}
