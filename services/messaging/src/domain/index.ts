/** The messaging service's rules, browser-safe: `@caskade/messaging/domain`. */
export * from './messages';
export * from './message-inputs';
