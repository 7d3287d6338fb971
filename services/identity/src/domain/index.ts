/**
 * Identity's domain: pure, browser-safe account rules read by the identity service, the gateway and
 * the web app alike (`@caskade/identity/domain`).
 */
export * from './account';
export * from './tokens';
export * from './user';
export * from './liquor-licence';
