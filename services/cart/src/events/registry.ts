import { defineConsumer } from '@caskade/kit';
import { UserDeleted } from '@caskade/identity/events';
import { CheckoutPlaced, CheckoutPurchased } from '@caskade/orders/events';

/** The cart publishes no events yet. */
export const CART_EVENTS = [] as const;

/** What the cart consumes (handlers beside this file). */
export const CheckoutPurchasedConsumer = defineConsumer('cart-checkout-purchased', [CheckoutPurchased]);
export const CheckoutPlacedConsumer = defineConsumer('cart-checkout-placed', [CheckoutPlaced]);
export const UserDeletedConsumer = defineConsumer('cart-user-deleted', [UserDeleted]);

export const CART_CONSUMERS = [CheckoutPurchasedConsumer, CheckoutPlacedConsumer, UserDeletedConsumer] as const;
