/** Message keys the order panel, the cart and checkout show (calls-errors-constants §8). */
export const ORDER_MSG = {
  selectPackageTypeRequired: 'selectPackageTypeRequired',
  pricePackRequired: 'pricePackRequired',
  quantityNotValid: 'quantityNotValid',
  quantityOverMsg: 'quantityOverMsg',
  quantityLessThanZero: 'quantityLessThanZero',
  deliveryMethodRequired: 'deliveryMethodRequired',
  deliveryMethodUnavailable: 'deliveryMethodUnavailable',
  noStock: 'noStock',
  ownListing: 'ownListing',
  supplierCannotBuy: 'supplierCannotBuy',
  stateNotServed: 'stateNotServed',
  minimumOrderNotMet: 'Minimum order not met',
  cartIsEmpty: 'Cart is empty',
  paymentTermNotOffered: 'paymentTermNotOffered',
  cartNotChanged: 'cart_not_changed',
  paymentFailed: 'We cannot charge this payment. Please check your payment method or contact to bank about your issue. You can change payment method and pay now here.',
  actionFailed: 'Somethings went wrong!',
  pendingTransit: 'A pending transit already in progress',
  /** A 409's reason: the checkout the step needed has ended (expired, canceled, or purchased) meanwhile. */
  checkoutEnded: 'checkout-ended',
  invalidTab: 'Invalid tab for InboxPage',
  /** Paying for an enquiry: only the enquiry's own listing, pay now, while it is still an enquiry. */
  enquiryNotPayable: 'enquiryNotPayable',
} as const;
