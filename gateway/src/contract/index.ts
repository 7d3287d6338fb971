/**
 * The gateway's HTTP contract (`@caskade/gateway/contract`): the zod schemas of the bodies it parses
 * and the JSON it answers. The routes and the OpenAPI document read them; the web app imports their
 * inferred types (type-only, so nothing reaches its bundle). Browser-safe: zod,
 * `@caskade/kit/rules` and the services' domains only (an ESLint rule holds it to that).
 */
export * from './catalog';
export * from './accounts';
export * from './plans';
export * from './operator';
export * from './buying';
export * from './payouts';
export * from './invoices';
export * from './reviews';
export * from './standing-orders';
export * from './notifications';
export * from './messaging';
