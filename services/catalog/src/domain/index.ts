/**
 * The catalog's domain: pure, browser-safe rules and process tables, read by the catalog service,
 * the gateway and the web app alike (`@caskade/catalog/domain`). Imports only zod, the kit's
 * cross-cutting rules and its own files (an ESLint rule holds it to that).
 */
export * from './messages';
export * from './taxonomy';
export * from './attributes';
export * from './packages';
export * from './listing-fields';
export * from './listing-rules';
export * from './image-variants';
export * from './inputs';
export * from './images';
export * from './listing';
export * from './reservations';
export * from './liquor';
