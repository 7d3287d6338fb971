import { AppError, systemContext, type PromiseClient } from '@caskade/kit';
import type { catalog } from '@caskade/proto';

/** Listings for the cart: catalog over gRPC in the service, an in-memory map in tests. */
export interface ListingSource {
  /** The listing as catalog shows it to anyone (published or closed); null when catalog has no such listing. */
  getListing(id: string): Promise<catalog.Listing | null>;
}

const CATALOG_DEADLINE_MS = 3000;

/** Catalog's GetListing with the system context (no page view counted). */
export function catalogListings(client: PromiseClient<typeof catalog.CatalogServiceService>): ListingSource {
  return {
    async getListing(id) {
      try {
        const { listing } = await client.getListing({ id, recordView: false }, systemContext(), { deadlineMs: CATALOG_DEADLINE_MS });
        return listing ?? null;
      } catch (err) {
        if (err instanceof AppError && (err.code === 'not-found' || err.code === 'transaction-listing-not-found')) return null;
        throw err;
      }
    },
  };
}

/** Several listings at once (in parallel), by id; null for those catalog does not have. */
export async function loadListings(source: ListingSource, ids: Iterable<string>): Promise<Map<string, catalog.Listing | null>> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => source.getListing(id)));
  return new Map(unique.map((id, i) => [id, found[i] ?? null]));
}

export const isPublished = (listing: catalog.Listing | null | undefined): listing is catalog.Listing => listing?.state === 'published';
