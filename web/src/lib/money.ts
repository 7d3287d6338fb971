/** Listing prices are GST-exclusive cents (docs/api/catalog.md); buyers also see GST and the total, by the kit's one rounding rule. */
export { withGst, type GstBreakdown } from '@caskade/kit/rules';
