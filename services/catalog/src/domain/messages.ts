/** Message keys of listing validation; the web app maps each to en-AU wording. */
export const CATALOG_MSG = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalid: 'validation.invalidValue',
  categoryInvalid: 'validation.categoryInvalid',
  typeInvalid: 'validation.productTypeInvalid',
  styleInvalid: 'validation.styleInvalid',
  styleNotForType: 'validation.styleNotForType',
  postcodeNotInState: 'validation.postcodeNotInState',
  serviceInvalid: 'validation.serviceCategoryInvalid',
  pricePackagesRequired: 'validation.pricePackagesRequired',
  priceAboveZero: 'validation.priceAboveZero',
  /** Above MAX_PRICE_CENTS: worded with the limit, not as "above $0". */
  priceTooHigh: 'validation.priceTooHigh',
  packageTypeInvalid: 'validation.packageTypeInvalid',
  packageSizeInvalid: 'validation.packageSizeInvalid',
  quantityInvalid: 'validation.quantityInvalid',
  /** Units per package above MAX_PACKAGE_QUANTITY. */
  packageQuantityTooHigh: 'validation.packageQuantityTooHigh',
  attributesIncomplete: 'validation.attributesIncomplete',
  attributeNotForCategory: 'validation.attributeNotForCategory',
  attributeAboveTen: 'validation.attributeAboveTen',
  /** An ABV outside ABV_RANGE (or not a number). */
  abvOutOfRange: 'validation.abvOutOfRange',
  imagesRequired: 'validation.imagesRequired',
  locationRequired: 'validation.locationRequired',
  deliveryRequired: 'validation.deliveryRequired',
  stockInvalid: 'validation.stockInvalid',
  /** A stock total above MAX_STOCK. */
  stockTooHigh: 'validation.stockTooHigh',
  collectionsTooMany: 'validation.collectionsTooMany',
  collectionsNotUnique: 'validation.collectionsNotUnique',
} as const;
