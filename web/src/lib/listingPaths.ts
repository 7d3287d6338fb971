/** Links to listings: public page, owner's preview variants and the editor's tabs (product-spec §2). */
import type { Listing } from '../api/catalog';
import { createSlug } from '@caskade/catalog/domain';

type ListingLink = Pick<Listing, 'id' | 'slug' | 'title' | 'state'>;

/** The zero id the new-listing editor runs under until the draft exists. */
export const NEW_LISTING_ID = '00000000-0000-0000-0000-000000000000';
export const DRAFT_SLUG = 'draft';

export const EDIT_TABS = ['details', 'features', 'pricing', 'disclaimer', 'location', 'delivery', 'availability', 'photos'] as const;
export type EditTab = (typeof EDIT_TABS)[number];
export const isEditTab = (value: string | undefined): value is EditTab => (EDIT_TABS as readonly string[]).includes(value ?? '');

/** `new` while creating, `draft` while the listing is a draft (wizard), `edit` once it was published. */
export type EditType = 'new' | 'draft' | 'edit';

/** Preview variants for listings buyers cannot see yet. */
export const LISTING_VARIANTS = { draft: 'draft', pendingApproval: 'pending-approval' } as const;

const slugOf = (listing: ListingLink): string => listing.slug || createSlug(listing.title);

/** Where a listing is viewed: the public page, or the owner's draft / pending preview. */
export function listingPath(listing: ListingLink): string {
  const base = `/l/${slugOf(listing)}/${listing.id}`;
  if (listing.state === 'draft') return `${base}/${LISTING_VARIANTS.draft}`;
  if (listing.state === 'pendingApproval') return `${base}/${LISTING_VARIANTS.pendingApproval}`;
  return base;
}

export const canonicalListingPath = (id: string): string => `/l/${id}`;

export function editListingPath(listing: ListingLink, tab: EditTab = 'details'): string {
  const type: EditType = listing.state === 'draft' ? 'draft' : 'edit';
  return `/l/${slugOf(listing)}/${listing.id}/${type}/${tab}`;
}

export const newListingPath = (tab: EditTab = 'details'): string => `/l/${DRAFT_SLUG}/${NEW_LISTING_ID}/new/${tab}`;
