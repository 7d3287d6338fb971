/** The orders service's rules, browser-safe: pricing, both processes as data, terms. `@caskade/orders/domain`. */
export * from './pricing';
export * from './invoice';
export * from './processes';
export * from './after-purchase';
export * from './terms';
export * from './messages';
export * from './reviews';
export * from './review-input';
export * from './reorder';
export * from './standing-orders';
