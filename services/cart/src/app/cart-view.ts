/**
 * The buyer's cart as the cart page shows it: entries grouped by supplier, each with its problem
 * (if any) against the listing now, each group priced by the one pricing function, its minimum
 * order and payment terms, and whether the supplier can be paid yet. The cart's own rows are read in
 * one statement; listings (catalog) and payout accounts (payments) are asked for in parallel.
 */
import { requiresLiquorLicence } from '@caskade/catalog/domain';
import { minimumMet, priceOrder, type PricingLine } from '@caskade/orders/domain';
import type { cart, catalog } from '@caskade/proto';
import { readCartParts, type CartEntryRow } from '../db/cart-entries';
import { entryProblem } from '../domain';
import type { CartDeps } from './deps';
import { loadListings } from './listings';
import { pricingLine } from './order-line';
import { termsFor } from './terms';

const CARD_VARIANT = 'listing-card';

function imageUrlOf(listing: catalog.Listing | null): string {
  const variants = listing?.images[0]?.variants ?? [];
  return (variants.find((v) => v.name === CARD_VARIANT) ?? variants[0])?.url ?? '';
}

function entryView(row: CartEntryRow, listing: catalog.Listing | null, listingQuantity: number): cart.CartEntry {
  const pkg = listing?.fields?.pricePackages[row.package_index];
  const problem = entryProblem(
    listing ? { published: listing.state === 'published', packageCount: listing.fields?.pricePackages.length ?? 0, stock: listing.stockQuantity } : null,
    row.package_index,
    listingQuantity,
  );
  return {
    id: row.id,
    listingId: row.listing_id,
    supplierId: row.supplier_id,
    packageIndex: row.package_index,
    package: pkg ? { ...pkg } : undefined,
    quantity: row.quantity,
    deliveryMethod: row.delivery_method,
    listingTitle: listing?.fields?.title ?? '',
    listingSlug: listing?.slug ?? '',
    category: listing?.fields?.category ?? '',
    available: listing?.state === 'published' ? listing.stockQuantity : 0,
    problem,
    imageUrl: imageUrlOf(listing),
    addedAt: new Date(row.added_at).toISOString(),
    requiresLiquorLicence: listing?.fields ? requiresLiquorLicence(listing.fields) : false,
    visibleStates: [...(listing?.fields?.visibleStates ?? [])],
  };
}

export async function loadCart(deps: CartDeps, buyerId: string, known: ReadonlyMap<string, catalog.Listing> = new Map()): Promise<cart.Cart> {
  const { rows, terms: storedTerms, choices } = await readCartParts(deps.db, buyerId);
  const supplierIds = [...new Set(rows.map((r) => r.supplier_id))];
  const terms = termsFor(supplierIds, storedTerms);
  const [loaded, unpayable] = await Promise.all([
    loadListings(deps.listings, rows.map((r) => r.listing_id).filter((id) => !known.has(id))),
    supplierIds.length > 0 ? deps.payoutAccounts.missing(supplierIds) : Promise.resolve([]),
  ]);
  // Listings the caller has just read (add to cart) are not asked for again.
  const listings = new Map<string, catalog.Listing | null>([...loaded, ...known]);
  const perListing = new Map<string, number>();
  for (const r of rows) perListing.set(r.listing_id, (perListing.get(r.listing_id) ?? 0) + r.quantity);

  const suppliers = await Promise.all(
    supplierIds.map(async (supplierId, i): Promise<cart.SupplierGroup> => {
      const groupRows = rows.filter((r) => r.supplier_id === supplierId);
      const entries = groupRows.map((r) => entryView(r, listings.get(r.listing_id) ?? null, perListing.get(r.listing_id) ?? 0));
      const lines: PricingLine[] = [];
      groupRows.forEach((r, j) => {
        const listing = listings.get(r.listing_id);
        const pkg = listing?.fields?.pricePackages[r.package_index];
        if (listing && pkg && entries[j]?.problem === '') lines.push(pricingLine(listing, pkg, { packageIndex: r.package_index, quantity: r.quantity, deliveryMethod: r.delivery_method }));
      });
      const supplierTerms = terms[i];
      const minimum = supplierTerms?.minimumOrderQuantity ?? 1;
      const offered = supplierTerms?.paymentTerms ?? [];
      const chosen = choices.get(supplierId);
      const totalQuantity = groupRows.reduce((s, r) => s + r.quantity, 0);
      const supplierName = groupRows.map((r) => listings.get(r.listing_id)?.author?.brandName).find((n) => !!n) ?? '';
      return {
        supplierId,
        supplierName,
        entries,
        priced: lines.length > 0 ? priceOrder({ lines, platformFeeRate: await deps.feeRateFor(supplierId) }) : undefined,
        minimumOrderQuantity: minimum,
        totalQuantity,
        minimumMet: minimumMet(totalQuantity, minimum),
        paymentTermsOffered: offered,
        paymentTerm: chosen && offered.includes(chosen) ? chosen : 'none',
        payoutAccountMissing: unpayable.includes(supplierId),
      };
    }),
  );
  const itemCount = rows.reduce((s, r) => s + r.quantity, 0);
  return {
    suppliers,
    itemCount,
    entryCount: rows.length,
    payinTotalCents: suppliers.reduce((s, g) => s + (g.priced?.payinTotalCents ?? 0), 0),
    canCheckOut: rows.length > 0 && suppliers.every((g) => g.minimumMet && !g.payoutAccountMissing && g.entries.every((e) => e.problem === '')),
  };
}
