import { z } from 'zod';
import { AppError, AU_STATES, LIMITED_ACCESS_REASON, LIMITED_SCOPE, MAX_PAGE_SIZE, queryInt, type Cache, type Caller } from '@caskade/kit';
import { catalog } from '@caskade/proto';
import type { GatewayClients } from '../clients';
import { route, type RouteDef } from '../http/route';
import { brandCardView, brandView, listingCardPageView, listingPageView, listingView } from './catalog-views';
import {
  addListingImageBody, brandCardSchema, brandSchema, brandsQuery, createListingBody, listingCardPageSchema, listingPageSchema, listingSchema, ownBrandBody, publicUserSchema, rejectListingBody,
  stockChangeBody, updateListingBody,
} from '../contract';
import { LISTING_STATES, MANAGE_LISTINGS_PAGE_SIZE, parsePriceRange, SEARCH_PAGE_SIZE, SORT_OPTIONS, type ListingFieldsBody, type SortOption } from '@caskade/catalog/domain';

const idParams = z.object({ id: z.uuid({ error: 'validation.invalidValue' }) }).strict();
const pageQuery = (defaultPerPage: number) => ({
  page: queryInt(1, 1000, 1),
  perPage: queryInt(1, MAX_PAGE_SIZE, defaultPerPage),
});
/** The JSON body as the proto's fields plus the names of the fields it carries (the update mask). */
function toFields(body: ListingFieldsBody): { fields: catalog.ListingFields; mask: string[] } {
  const { attributes, location, ...rest } = body;
  const fields = catalog.ListingFields.fromPartial({
    ...rest,
    ...(attributes ? { attributes: catalog.ListingAttributes.fromPartial(attributes) } : {}),
    ...(location ? { location } : {}),
  });
  const mask = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
  return { fields, mask };
}

const csv = z
  .string()
  .max(4000)
  .optional()
  .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : []));

const SORTS: Record<SortOption, catalog.SortOrder> = {
  relevance: catalog.SortOrder.SORT_ORDER_RELEVANCE,
  createdAt: catalog.SortOrder.SORT_ORDER_NEWEST,
  '-createdAt': catalog.SortOrder.SORT_ORDER_OLDEST,
  '-price': catalog.SortOrder.SORT_ORDER_PRICE_LOW,
  price: catalog.SortOrder.SORT_ORDER_PRICE_HIGH,
};

const searchQuery = z
  .object({
    keywords: z.string().trim().max(200).optional(),
    pub_brand: csv,
    pub_category: csv,
    pub_type: csv,
    pub_style: csv,
    pub_services: csv,
    pub_state: z.enum(AU_STATES).optional().describe('Australian state the buyer orders for: hides listings whose supplier offers them only in other states'),
    price: z
      .string()
      .max(40)
      .optional()
      .refine((v) => v === undefined || v === '' || parsePriceRange(v) !== null, { error: 'validation.priceRangeInvalid' })
      .describe('min,max in dollars, inclusive, either side may be empty; at most 1000000 (MAX_PRICE_CENTS)'),
    includeSoldOut: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .describe('brand pages: true also lists the supplier’s sold-out published listings; only with exactly one pub_brand id (the supplier’s user id), else 400'),
    sort: z.enum(SORT_OPTIONS).default('relevance'),
    view: z.enum(['full', 'card']).default('full').describe('card: what a search result shows (a third of the bytes; docs/decisions/071)'),
    ...pageQuery(SEARCH_PAGE_SIZE),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.includeSoldOut && q.pub_brand.length !== 1) ctx.addIssue({ code: 'custom', path: ['includeSoldOut'], message: 'validation.invalidValue' });
  });

const listing = (l: catalog.Listing | undefined, caller: Caller | null) => {
  if (!l) throw new AppError('internal');
  return listingView(l, caller);
};

/** How long the public brand list (search filter, featured suppliers) is served from the cache. */
export const BRANDS_CACHE_SECONDS = 30;

export function catalogRoutes(clients: GatewayClients, cache: Cache): RouteDef[] {
  const cat = clients.catalog;
  const ownAction = (action: 'publish' | 'close' | 'open', summary: string) =>
    route({
      method: 'post', path: `/api/own-listings/:id/${action}`, summary, tags: ['own-listings'], access: 'supplier', params: idParams, response: listingSchema,
      handler: async ({ params, call }) => {
        const rpc = { publish: cat.publishListing, close: cat.closeListing, open: cat.openListing }[action];
        return { status: 200, data: listing((await rpc({ id: params.id }, call)).listing, call.caller) };
      },
    });
  return [
    // ---- own listings (suppliers) ----
    route({
      method: 'post', path: '/api/own-listings', summary: 'Create a draft listing (may be incomplete; checked in full on publish)',
      tags: ['own-listings'], access: 'supplier', body: createListingBody, response: listingSchema, successStatus: 201,
      handler: async ({ body, call }) => {
        const { stockQuantity, ...rest } = body;
        const { fields } = toFields(rest);
        return { status: 201, data: listing((await cat.createListing({ fields, stockQuantity }, call)).listing, call.caller) };
      },
    }),
    route({
      method: 'get', path: '/api/own-listings', summary: 'The supplier’s own listings (42 a page), optionally in one state', tags: ['own-listings'],
      access: 'supplier', query: z.object({ state: z.enum(LISTING_STATES).optional(), ...pageQuery(MANAGE_LISTINGS_PAGE_SIZE) }).strict(), response: listingPageSchema,
      handler: async ({ query, call }) => {
        const out = await cat.queryOwnListings({ page: query.page, perPage: query.perPage, state: query.state ?? '' }, call);
        return { status: 200, data: listingPageView(out, call.caller) };
      },
    }),
    route({
      method: 'get', path: '/api/own-listings/:id', summary: 'One of the supplier’s own listings, in any state', tags: ['own-listings'],
      access: 'supplier', params: idParams, response: listingSchema,
      handler: async ({ params, call }) => ({ status: 200, data: listing((await cat.getOwnListing({ id: params.id }, call)).listing, call.caller) }),
    }),
    route({
      method: 'put', path: '/api/own-listings/:id', summary: 'Change the given fields (a live listing must stay complete)', tags: ['own-listings'],
      access: 'supplier', params: idParams, body: updateListingBody, response: listingSchema,
      handler: async ({ params, body, call }) => {
        const { expectedVersion, stock, ...rest } = body;
        const { fields, mask } = toFields(rest);
        const out = await cat.updateListing({ id: params.id, fields, updateMask: mask, expectedVersion: expectedVersion ?? 0, stock }, call);
        return { status: 200, data: listing(out.listing, call.caller) };
      },
    }),
    ownAction('publish', 'Publish a draft (published at once, or pending approval for suppliers not yet approved)'),
    ownAction('close', 'Close a published listing'),
    ownAction('open', 'Open a closed listing again'),
    route({
      method: 'post', path: '/api/own-listings/:id/duplicate', summary: 'Copy a listing into a new draft (same fields and images, stock 0)',
      tags: ['own-listings'], access: 'supplier', params: idParams, response: listingSchema, successStatus: 201,
      handler: async ({ params, call }) => ({ status: 201, data: listing((await cat.duplicateListing({ id: params.id }, call)).listing, call.caller) }),
    }),
    route({
      method: 'delete', path: '/api/own-listings/:id', summary: 'Discard a draft or a listing pending approval (withdrawn from review), or delete a closed listing', tags: ['own-listings'],
      access: 'supplier', params: idParams,
      handler: async ({ params, call }) => {
        await cat.deleteListing({ id: params.id }, call);
        return { status: 204 };
      },
    }),
    route({
      method: 'put', path: '/api/own-listings/:id/stock', summary: 'Set stock by compare-and-set (a stale oldTotal answers old-total-mismatch)',
      tags: ['own-listings'], access: 'supplier', params: idParams, body: stockChangeBody, response: listingSchema,
      handler: async ({ params, body, call }) => ({ status: 200, data: listing((await cat.setStock({ id: params.id, ...body }, call)).listing, call.caller) }),
    }),
    route({
      method: 'post', path: '/api/own-listings/:id/images', summary: 'Add an uploaded image to the listing’s photos', tags: ['own-listings'],
      access: 'supplier', params: idParams, body: addListingImageBody, response: listingSchema,
      handler: async ({ params, body, call }) => ({ status: 200, data: listing((await cat.addListingImage({ id: params.id, imageId: body.imageId }, call)).listing, call.caller) }),
    }),
    route({
      method: 'put', path: '/api/own-brand', summary: 'The supplier’s brand page (description, notes, collections ≤ 4 and unique, logo, header and profile images) and trade terms (minimumOrderQuantity, paymentTerms; read them at GET /api/suppliers/{id}/terms)',
      tags: ['brands'], access: 'supplier', response: brandSchema,
      body: ownBrandBody,
      handler: async ({ body, call }) => {
        const { collections, minimumOrderQuantity, paymentTerms, ...rest } = body;
        const terms = minimumOrderQuantity !== undefined || paymentTerms !== undefined;
        // A limited-access login may not set trade terms (the cart refuses it): refused before the brand is written.
        if (terms && call.caller?.scopes.includes(LIMITED_SCOPE)) throw new AppError('forbidden', { reason: LIMITED_ACCESS_REASON });
        // The brand first: catalog checks what only it can (collections, images), so a refused page
        // leaves the terms as they were; the terms' own rules are this body's schema, checked already.
        const out = await cat.updateOwnBrand({ ...rest, collections: collections ?? [], setCollections: collections !== undefined }, call);
        if (!out.brand) throw new AppError('internal');
        if (terms) {
          const current = (await clients.cart.getSupplierTerms({ supplierIds: [] }, call)).terms[0];
          await clients.cart.setSupplierTerms({
            minimumOrderQuantity: minimumOrderQuantity ?? current?.minimumOrderQuantity ?? 1, paymentTerms: paymentTerms ?? current?.paymentTerms ?? [],
          }, call);
        }
        return { status: 200, data: brandView(out.brand) };
      },
    }),

    // ---- public ----
    route({
      method: 'get', path: '/api/listings',
      summary: 'Search published listings with stock: keywords, filters, price=min,max in dollars, sort, 24 a page; brand pages add includeSoldOut=true with one pub_brand',
      tags: ['listings'], access: 'public', query: searchQuery, response: z.union([listingPageSchema, listingCardPageSchema]),
      handler: async ({ query, call }) => {
        const price = query.price ? parsePriceRange(query.price) : null;
        const cards = query.view === 'card';
        const out = await cat.searchListings({
          keywords: query.keywords ?? '', brandIds: query.pub_brand, categories: query.pub_category, productTypes: query.pub_type, styles: query.pub_style,
          services: query.pub_services, priceMinCents: price?.minCents ?? undefined, priceMaxCents: price?.maxCents ?? undefined,
          sort: SORTS[query.sort], page: query.page, perPage: query.perPage, buyerState: query.pub_state ?? '', includeSoldOut: query.includeSoldOut, cards,
        }, call);
        return { status: 200, data: cards ? listingCardPageView(out) : listingPageView(out, call.caller) };
      },
    }),
    route({
      method: 'get', path: '/api/listings/:id', summary: 'One listing (drafts and pending ones only for their owner and operators); counts a page view',
      tags: ['listings'], access: 'public', params: idParams, response: listingSchema,
      handler: async ({ params, call }) => ({ status: 200, data: listing((await cat.getListing({ id: params.id, recordView: true }, call)).listing, call.caller) }),
    }),
    route({
      method: 'get', path: '/api/brands', summary: 'Brands with published listings (brand filter, featured suppliers)', tags: ['brands'],
      access: 'public', query: brandsQuery, response: z.union([z.array(brandSchema), z.array(brandCardSchema)]),
      handler: async ({ query, call }) => ({
        status: 200,
        data: query.view === 'card'
          ? await cache.wrap('brands:card', BRANDS_CACHE_SECONDS, async () => (await cat.listBrands({}, call)).brands.map(brandCardView))
          : await cache.wrap('brands', BRANDS_CACHE_SECONDS, async () => (await cat.listBrands({}, call)).brands.map(brandView)),
      }),
    }),
    route({
      method: 'get', path: '/api/users/:id', summary: 'A public profile, with the brand page for suppliers', tags: ['brands'], access: 'public',
      params: idParams, response: publicUserSchema,
      handler: async ({ params, call }) => {
        const [users, brand] = await Promise.all([
          clients.identity.getUsers({ ids: [params.id] }, call),
          cat.getBrand({ id: params.id }, call).then((b) => b.brand, (err: unknown) => {
            if (err instanceof AppError && err.code === 'not-found') return undefined;
            throw err;
          }),
        ]);
        const user = users.users[0];
        if (!user) throw new AppError('not-found', { resource: 'user' });
        return { status: 200, data: { ...user, brand: brand && !user.banned && !user.deleted ? brandView(brand) : null } };
      },
    }),

    // ---- operator ----
    route({
      method: 'get', path: '/api/operator/listings', summary: 'Listings in one state for review (pendingApproval by default)', tags: ['operator'],
      access: 'operator', query: z.object({ state: z.enum(['pendingApproval', 'published', 'closed']).default('pendingApproval').describe('drafts are their owner’s alone'), ...pageQuery(MANAGE_LISTINGS_PAGE_SIZE) }).strict(),
      response: listingPageSchema,
      handler: async ({ query, call }) => {
        const out = await cat.operatorQueryListings(query, call);
        return { status: 200, data: listingPageView(out, call.caller) };
      },
    }),
    route({
      method: 'post', path: '/api/operator/listings/:id/approve', summary: 'Approve a pending listing: it is published', tags: ['operator'],
      access: 'operator', params: idParams, response: listingSchema,
      handler: async ({ params, call }) => ({ status: 200, data: listing((await cat.approveListing({ id: params.id }, call)).listing, call.caller) }),
    }),
    route({
      method: 'post', path: '/api/operator/listings/:id/reject', summary: 'Reject a pending listing back to draft, with a reason', tags: ['operator'],
      access: 'operator', params: idParams, body: rejectListingBody, response: listingSchema,
      handler: async ({ params, body, call }) => ({ status: 200, data: listing((await cat.rejectListing({ id: params.id, reason: body.reason }, call)).listing, call.caller) }),
    }),
  ];
}
