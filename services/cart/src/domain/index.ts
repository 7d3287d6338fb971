/** The cart service's rules, browser-safe: entry problems, package labels, delivery addresses. `@caskade/cart/domain`. */
export * from './cart';
export * from './packages';
export * from './addresses';
