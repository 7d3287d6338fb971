import { defineConsumer, defineEvent } from '@caskade/kit';
import { UserDeleted, UserProfileChanged } from '@caskade/identity/events';
import { catalogEvents } from '@caskade/proto';

/** Catalog's events: each subject is written here once (docs/events.md lists them). */
export const ListingPublished = defineEvent('catalog.listing.published', catalogEvents.ListingPublished);
export const ListingPendingApproval = defineEvent('catalog.listing.pending_approval', catalogEvents.ListingPendingApproval);
export const ListingRejected = defineEvent('catalog.listing.rejected', catalogEvents.ListingRejected);
export const ListingClosed = defineEvent('catalog.listing.closed', catalogEvents.ListingClosed);
export const ListingDeleted = defineEvent('catalog.listing.deleted', catalogEvents.ListingDeleted);
export const ListingUpdated = defineEvent('catalog.listing.updated', catalogEvents.ListingUpdated);
export const StockChanged = defineEvent('catalog.stock.changed', catalogEvents.StockChanged);

export const CATALOG_EVENTS = [ListingPublished, ListingPendingApproval, ListingRejected, ListingClosed, ListingDeleted, ListingUpdated, StockChanged] as const;

/** What catalog consumes (handlers beside this file). */
export const UserDeletedConsumer = defineConsumer('catalog-user-deleted', [UserDeleted]);
export const ProfileChangedConsumer = defineConsumer('catalog-profile-changed', [UserProfileChanged]);

export const CATALOG_CONSUMERS = [UserDeletedConsumer, ProfileChangedConsumer] as const;
