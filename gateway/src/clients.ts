import { addressEnv, createClient, SERVICE_NAMES, type AddressEnv, type Logger, type PromiseClient, type ServiceName } from '@caskade/kit';
import { cart, catalog, identity, messaging, notifications, orders, payments } from '@caskade/proto';

/** The gRPC service each manifest entry serves; a service missing here fails the type-check. */
const DEFINITIONS = {
  identity: identity.IdentityServiceService,
  notifications: notifications.NotificationsServiceService,
  catalog: catalog.CatalogServiceService,
  payments: payments.PaymentsServiceService,
  cart: cart.CartServiceService,
  messaging: messaging.MessagingServiceService,
  orders: orders.OrdersServiceService,
} satisfies Record<ServiceName, unknown>;

export type GatewayClients = { [K in ServiceName]: PromiseClient<(typeof DEFINITIONS)[K]> };
export type ServiceAddresses = { [K in ServiceName as AddressEnv<K>]: string };

/** One client per service of the manifest, at the address its <NAME>_ADDR names. */
export function createClients(addresses: ServiceAddresses, logger?: Logger): GatewayClients {
  // The gateway's own service credential goes with every call, and the user's access token with theirs (ADR 053).
  const upstream = (name: ServiceName) => ({ as: 'gateway', ...(logger ? { name, logger } : {}) });
  return {
    identity: createClient(DEFINITIONS.identity, addresses.IDENTITY_ADDR, upstream('identity')),
    notifications: createClient(DEFINITIONS.notifications, addresses.NOTIFICATIONS_ADDR, upstream('notifications')),
    catalog: createClient(DEFINITIONS.catalog, addresses.CATALOG_ADDR, upstream('catalog')),
    payments: createClient(DEFINITIONS.payments, addresses.PAYMENTS_ADDR, upstream('payments')),
    cart: createClient(DEFINITIONS.cart, addresses.CART_ADDR, upstream('cart')),
    messaging: createClient(DEFINITIONS.messaging, addresses.MESSAGING_ADDR, upstream('messaging')),
    orders: createClient(DEFINITIONS.orders, addresses.ORDERS_ADDR, upstream('orders')),
  };
}

export const upstreamAddresses = (addresses: ServiceAddresses): string[] => SERVICE_NAMES.map((name) => addresses[addressEnv(name)]);

export function closeClients(clients: GatewayClients): void {
  for (const c of Object.values(clients)) c.close();
}
