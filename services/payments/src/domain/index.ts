/** The payments domain: pure and browser-safe (@caskade/payments/domain). */
export * from './cards';
export * from './payment';
export * from './sandbox';
export * from './inputs';
export * from './payout';
