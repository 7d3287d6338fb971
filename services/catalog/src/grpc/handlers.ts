import { unaryService, type Logger } from '@caskade/kit';
import type { catalog } from '@caskade/proto';
import { addListingImage } from '../app/add-listing-image';
import { approveListing } from '../app/approve-listing';
import { closeListing } from '../app/close-listing';
import { commitReservation } from '../app/commit-reservation';
import { createListing } from '../app/create-listing';
import { deleteListing } from '../app/delete-listing';
import type { CatalogDeps } from '../app/deps';
import { duplicateListing } from '../app/duplicate-listing';
import { getBrand } from '../app/get-brand';
import { getImageVariant } from '../app/get-image-variant';
import { getListing } from '../app/get-listing';
import { recordListingViews } from '../app/record-listing-views';
import { getOwnListing } from '../app/get-own-listing';
import { listBrands } from '../app/list-brands';
import { listSitemapEntries } from '../app/list-sitemap-entries';
import { openListing } from '../app/open-listing';
import { operatorQueryListings } from '../app/operator-query-listings';
import { publishListing } from '../app/publish-listing';
import { queryOwnListings } from '../app/query-own-listings';
import { rejectListing } from '../app/reject-listing';
import { releaseReservation } from '../app/release-reservation';
import { reserveStock } from '../app/reserve-stock';
import { restockQuantity } from '../app/restock-quantity';
import { searchListings } from '../app/search-listings';
import { setStock } from '../app/set-stock';
import { updateListing } from '../app/update-listing';
import { updateOwnBrand } from '../app/update-own-brand';
import { uploadImage } from '../app/upload-image';

/** Thin edge: each RPC calls one use case; errors are mapped by unaryService. */
export function catalogHandlers(deps: CatalogDeps, logger: Logger): catalog.CatalogServiceServer {
  return unaryService<catalog.CatalogServiceServer>(
    {
      createListing: (req, ctx) => createListing(deps, ctx, req),
      updateListing: (req, ctx) => updateListing(deps, ctx, req),
      getOwnListing: (req, ctx) => getOwnListing(deps, ctx, req),
      queryOwnListings: (req, ctx) => queryOwnListings(deps, ctx, req),
      publishListing: (req, ctx) => publishListing(deps, ctx, req),
      closeListing: (req, ctx) => closeListing(deps, ctx, req),
      openListing: (req, ctx) => openListing(deps, ctx, req),
      deleteListing: (req, ctx) => deleteListing(deps, ctx, req),
      duplicateListing: (req, ctx) => duplicateListing(deps, ctx, req),
      addListingImage: (req, ctx) => addListingImage(deps, ctx, req),
      setStock: (req, ctx) => setStock(deps, ctx, req),
      uploadImage: (req, ctx) => uploadImage(deps, ctx, req),
      getImageVariant: (req) => getImageVariant(deps, req),
      searchListings: (req) => searchListings(deps, req),
      getListing: (req, ctx) => getListing(deps, ctx, req),
      recordListingViews: (req, ctx) => recordListingViews(deps, ctx, req),
      listBrands: () => listBrands(deps),
      getBrand: (req) => getBrand(deps, req),
      listSitemapEntries: (req) => listSitemapEntries(deps, req),
      updateOwnBrand: (req, ctx) => updateOwnBrand(deps, ctx, req),
      operatorQueryListings: (req, ctx) => operatorQueryListings(deps, ctx, req),
      approveListing: (req, ctx) => approveListing(deps, ctx, req),
      rejectListing: (req, ctx) => rejectListing(deps, ctx, req),
      reserveStock: (req, ctx) => reserveStock(deps, ctx, req),
      commitReservation: (req, ctx) => commitReservation(deps, ctx, req),
      releaseReservation: (req, ctx) => releaseReservation(deps, ctx, req),
      restockQuantity: (req, ctx) => restockQuantity(deps, ctx, req),
    },
    logger,
  );
}
