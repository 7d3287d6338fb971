/** The cart service's rules, browser-safe: entry problems, delivery addresses (package labels are the catalog's). `@caskade/cart/domain`. */
export * from './cart';
export * from './addresses';
