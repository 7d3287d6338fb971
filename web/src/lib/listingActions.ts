/**
 * The action buttons of an own listing (manage listings, profile settings, the editor), derived
 * only from the transitions the API says the user may run — the web keeps no copy of the listing
 * life cycle (services/catalog/src/domain/listing.ts is the one table).
 */
import type { ListingTransition } from '@caskade/catalog/domain';

export interface ListingActions {
  close: boolean;
  open: boolean;
  publish: boolean;
  approve: boolean;
  reject: boolean;
  /**
   * How the listing can be removed, if at all: discard (a draft, or withdrawing one awaiting
   * approval), delete (a closed one), or close-then-delete (a published one: it is closed first).
   */
  remove: 'discard' | 'delete' | 'close-then-delete' | null;
}

export function listingActions(allowed: readonly ListingTransition[]): ListingActions {
  const can = (t: ListingTransition) => allowed.includes(t);
  return {
    close: can('close'),
    open: can('open'),
    publish: can('publish'),
    approve: can('approve'),
    reject: can('reject'),
    remove: can('discard') ? 'discard' : can('delete') ? 'delete' : can('close') ? 'close-then-delete' : null,
  };
}
