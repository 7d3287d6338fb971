import { withTransaction } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import type { ProcessedImage } from '../images/process';
import { insertBrandUnlessPresent, type NewBrand } from '../db/brands';
import { anyListingExists, insertDemoListings } from '../db/listings';
import type { CatalogDeps } from './deps';
import { storeImage } from './upload-image';
import { type ListingFieldsInput } from '../domain';

/** A demo brand; its logo and header come from `CatalogSeed.logos` and `headers`. */
export type SeedBrand = Omit<NewBrand, 'logoImageId' | 'headerImageId'>;

export interface SeedListing {
  authorId: string;
  state: 'draft' | 'pendingApproval' | 'published' | 'closed';
  /** imageIds are filled from `images` (indexes into the seed's image list). */
  fields: Omit<ListingFieldsInput, 'imageIds'>;
  images: number[];
  stock: number;
  createdAt: Date;
}

export interface CatalogSeed {
  brands: SeedBrand[];
  /** Each image with the supplier who owns it. */
  images: Array<{ ownerId: string; image: () => Promise<ProcessedImage> }>;
  listings: SeedListing[];
  /** Brand logos and header images: supplier id → index into images. */
  logos?: Record<string, number>;
  headers?: Record<string, number>;
}

/**
 * Demo data for the embedded mode: brands, images and listings written directly (no per-row
 * gRPC), once — a catalog that already has listings is left alone. Returns listings written.
 */
export async function seedCatalog(deps: CatalogDeps, seed: CatalogSeed): Promise<number> {
  if (await anyListingExists(deps.db)) return 0;
  // A few at a time: sharp works off the event loop, so rendering overlaps; order is kept by index.
  const images: catalog.Image[] = new Array<catalog.Image>(seed.images.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < seed.images.length; i = next++) {
      const entry = seed.images[i]!;
      images[i] = await storeImage(deps, entry.ownerId, await entry.image());
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const imageId = (i: number) => images[i]?.id;
  await withTransaction(deps.db, async (trx) => {
    for (const b of seed.brands) {
      const logo = seed.logos?.[b.id];
      const header = seed.headers?.[b.id];
      await insertBrandUnlessPresent(trx, {
        ...b,
        logoImageId: logo === undefined ? null : (imageId(logo) ?? null),
        headerImageId: header === undefined ? null : (imageId(header) ?? null),
      });
    }
    const brandNames = new Map(seed.brands.map((b) => [b.id, b.brandName]));
    await insertDemoListings(
      trx,
      seed.listings.map((l) => ({
        authorId: l.authorId,
        state: l.state,
        fields: { ...l.fields, imageIds: l.images.map(imageId).filter((id): id is string => id !== undefined) },
        brandName: brandNames.get(l.authorId) ?? '',
        stock: l.stock,
        createdAt: l.createdAt,
      })),
    );
  });
  deps.logger.info({ listings: seed.listings.length, brands: seed.brands.length, images: images.length }, 'demo catalog seeded');
  return seed.listings.length;
}
