/** Listing prices are GST-exclusive cents (docs/api/catalog.md); buyers also see GST and the total. */
import { GST_RATE } from '../content/plans';

export interface GstBreakdown {
  exGst: number;
  gst: number;
  incGst: number;
}

export function withGst(exGstCents: number): GstBreakdown {
  const gst = Math.round(exGstCents * GST_RATE);
  return { exGst: exGstCents, gst, incGst: exGstCents + gst };
}
