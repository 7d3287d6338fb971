/**
 * Which listings and images a caller may use: a listing is found only when it is not deleted, and
 * changed only by its owner; photos and logos must be the caller's own uploads.
 */
import { AppError, invalidParams, isUuid, type Caller } from '@caskade/kit';
import { countOwnedImages } from '../db/images';
import { findListing, type ListingRow } from '../db/listings';
import type { Db } from '../db/schema';
import { isPubliclyVisible } from '../domain/listing';

export const listingNotFound = () => new AppError('not-found', { resource: 'listing' });

/** A listing that is not deleted; optionally locked for the rest of the transaction. */
export async function loadListing(db: Db, id: string, forUpdate = false): Promise<ListingRow> {
  if (!isUuid(id)) throw listingNotFound();
  const row = await findListing(db, id, forUpdate);
  if (!row) throw listingNotFound();
  return row;
}

/**
 * The caller's own listing. Someone else's public listing answers forbidden; someone else's
 * draft or pending listing answers not-found, as if it did not exist.
 */
export async function loadOwnListing(db: Db, caller: Caller, id: string, forUpdate = false): Promise<ListingRow> {
  const row = await loadListing(db, id, forUpdate);
  if (row.author_id !== caller.userId) throw isPubliclyVisible(row.state) ? new AppError('forbidden', { reason: 'not your listing' }) : listingNotFound();
  return row;
}

/** Every image must be the owner's own upload. */
export async function checkImagesOwned(db: Db, ownerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (!ids.every(isUuid)) throw invalidParams({ imageIds: 'validation.invalidValue' });
  if ((await countOwnedImages(db, ownerId, ids)) !== new Set(ids).size) throw invalidParams({ imageIds: 'validation.imageNotFound' });
}
