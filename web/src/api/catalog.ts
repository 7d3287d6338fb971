/**
 * The catalog API (docs/api/catalog.md): listing, brand and profile shapes, the query keys and the
 * hooks the pages use. Prices are GST-exclusive integer cents.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './client';
import type { Brand, BrandCard, CreateListingBody, ImageRef, Listing, ListingCardPage, ListingPage, OwnBrandBody, PublicUser, StockChangeBody, UpdateListingBody } from '@caskade/gateway/contract';
import { listingActions } from '../lib/listingActions';

// The API's shapes are the gateway's contract (inferred from the zod schemas it parses and answers with).
export type { Brand, BrandCard, ImageRef, Listing, ListingCard, ListingCardPage, ListingPage, OwnBrandBody, Pagination, PublicUser } from '@caskade/gateway/contract';

/** The editable fields a save sends (the listing type is fixed at creation). */
export type ListingFieldsBody = Omit<UpdateListingBody, 'expectedVersion' | 'stock'>;

export const catalogKeys = {
  all: ['catalog'] as const,
  search: (query: string) => ['catalog', 'search', query] as const,
  listing: (id: string) => ['catalog', 'listing', id] as const,
  ownListing: (id: string) => ['catalog', 'own-listing', id] as const,
  ownListings: (page: number) => ['catalog', 'own-listings', page] as const,
  /** Under the own-listings prefix, so every listing write (create, duplicate, delete) refreshes it. */
  hasOwnListings: (userId: string) => ['catalog', 'own-listings', 'any', userId] as const,
  brands: ['catalog', 'brands'] as const,
  user: (id: string) => ['catalog', 'user', id] as const,
  operator: (state: string, page: number) => ['catalog', 'operator', state, page] as const,
};

const notFoundIsFinal = (failures: number, error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2;

/**
 * Public search: `query` is the API query string (the search page's URL state, see lib/searchQuery).
 * Asks for cards, the fields a result shows (docs/decisions/071).
 */
export function useSearchListings(query: string) {
  return useQuery({
    queryKey: catalogKeys.search(query),
    queryFn: () => api<ListingCardPage>('GET', `/api/listings?${query ? `${query}&` : ''}view=card`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: notFoundIsFinal,
  });
}

/**
 * One listing as a visitor sees it. The gateway counts a page view on every GET (not for the
 * owner), so the page refetches on every visit: each route change to a listing is one view.
 */
export function useListing(id: string) {
  return useQuery({
    queryKey: catalogKeys.listing(id),
    queryFn: () => api<Listing>('GET', `/api/listings/${encodeURIComponent(id)}`),
    refetchOnMount: 'always',
    retry: notFoundIsFinal,
  });
}

export function useOwnListing(id: string | null) {
  return useQuery({
    queryKey: catalogKeys.ownListing(id ?? 'new'),
    queryFn: () => api<Listing>('GET', `/api/own-listings/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    retry: notFoundIsFinal,
  });
}

export function useOwnListings(page: number) {
  return useQuery({
    queryKey: catalogKeys.ownListings(page),
    queryFn: () => api<ListingPage>('GET', `/api/own-listings?page=${page}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the signed-in supplier has at least one own listing, in any state: one listing is asked
 * for and the pagination's total answers. Pass `null` (a buyer, or no need to know) to skip it.
 */
export function useHasOwnListings(userId: string | null) {
  return useQuery({
    queryKey: catalogKeys.hasOwnListings(userId ?? ''),
    queryFn: async () => (await api<ListingPage>('GET', '/api/own-listings?perPage=1')).pagination.totalItems > 0,
    enabled: userId !== null,
    staleTime: 60_000,
    retry: notFoundIsFinal,
  });
}

export function useBrands() {
  // The card view: what the supplier cards and the supplier filter show, a fraction of the full brands.
  return useQuery({ queryKey: catalogKeys.brands, queryFn: () => api<BrandCard[]>('GET', '/api/brands?view=card'), staleTime: 5 * 60_000 });
}

export function usePublicUser(id: string | null | undefined) {
  return useQuery({
    queryKey: catalogKeys.user(id ?? ''),
    queryFn: () => api<PublicUser>('GET', `/api/users/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: notFoundIsFinal,
  });
}

export function useOperatorListings(state: string, page: number) {
  return useQuery({
    queryKey: catalogKeys.operator(state, page),
    queryFn: () => api<ListingPage>('GET', `/api/operator/listings?${new URLSearchParams({ state, page: String(page) }).toString()}`),
    placeholderData: keepPreviousData,
  });
}

// ---- writes ----------------------------------------------------------------------------------

/** After a write: the answer is the freshest copy of the listing; lists and searches refetch. */
export function afterListingWrite(queryClient: QueryClient, listing: Listing): void {
  queryClient.setQueryData(catalogKeys.ownListing(listing.id), listing);
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'own-listings'] });
  void queryClient.invalidateQueries({ queryKey: ['catalog', 'search'] });
  void queryClient.invalidateQueries({ queryKey: catalogKeys.listing(listing.id) });
}

function useListingWrite<TVars>(run: (vars: TVars) => Promise<Listing>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: (listing) => afterListingWrite(queryClient, listing) });
}

/** Publish a draft: answers the listing as `published` or `pendingApproval` (the supplier's flag decides). */
export const publishListing = (id: string): Promise<Listing> => api<Listing>('POST', `/api/own-listings/${id}/publish`);

export const useCreateListing = () =>
  useListingWrite((body: CreateListingBody) => api<Listing>('POST', '/api/own-listings', body));

/** One save: the fields given and, when `stock` is given, the stock's compare-and-set in the same transaction. */
export const useUpdateListing = () =>
  useListingWrite(({ id, fields, stock }: { id: string; fields: ListingFieldsBody; stock?: StockChangeBody }) =>
    api<Listing>('PUT', `/api/own-listings/${id}`, stock ? { ...fields, stock } : fields),
  );

export type ListingAction = 'publish' | 'close' | 'open';
export const useListingAction = () =>
  useListingWrite(({ id, action }: { id: string; action: ListingAction }) => api<Listing>('POST', `/api/own-listings/${id}/${action}`));

export const useDuplicateListing = () => useListingWrite((id: string) => api<Listing>('POST', `/api/own-listings/${id}/duplicate`));

export const useAddListingImage = () =>
  useListingWrite(({ id, imageId }: { id: string; imageId: string }) => api<Listing>('POST', `/api/own-listings/${id}/images`, { imageId }));

/**
 * Deletes a listing from the grid: a draft is discarded, a closed one deleted, a published one
 * closed first (the API deletes only closed listings).
 */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (listing: Pick<Listing, 'id' | 'allowedTransitions'>) => {
      if (listingActions(listing.allowedTransitions).remove === 'close-then-delete') await api<Listing>('POST', `/api/own-listings/${listing.id}/close`);
      await api('DELETE', `/api/own-listings/${listing.id}`);
      return listing.id;
    },
    onSettled: (id) => {
      if (id) queryClient.removeQueries({ queryKey: catalogKeys.ownListing(id) });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'own-listings'] });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'search'] });
    },
  });
}

/** POST /api/images (multipart, field `image`): JPG, GIF or PNG up to 20 MB, checked by content on the server. */
export function uploadImage(file: File): Promise<ImageRef> {
  const form = new FormData();
  form.append('image', file, file.name);
  return api<ImageRef>('POST', '/api/images', form);
}

export function useUpdateOwnBrand(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnBrandBody) => api<Brand>('PUT', '/api/own-brand', body),
    onSuccess: (brand) => {
      queryClient.setQueryData<PublicUser>(catalogKeys.user(userId), (user) => (user ? { ...user, brand } : user));
      void queryClient.invalidateQueries({ queryKey: catalogKeys.brands });
    },
  });
}

export function useOperatorDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      api<Listing>('POST', `/api/operator/listings/${id}/${decision}`, decision === 'reject' ? { reason: reason ?? '' } : undefined),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'operator'] });
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'search'] });
    },
  });
}
