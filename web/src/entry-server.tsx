/**
 * The server renderer (ADR 062), built by `vite build --ssr` into dist-ssr/entry-server.cjs and
 * loaded by the gateway: the HTML of a page as an anonymous visitor first sees it, from the same
 * route tree, components and API calls the browser uses, and the state that lets the browser's
 * first render show the same page at once (no spinner, no second fetch of the data).
 *
 * The page's queries are found by rendering: a first pass registers the queries the page asks for,
 * they are fetched (through the gateway's own API, `apiOrigin`), and the page is rendered again with
 * their answers, up to three passes for queries that depend on others' answers. Anything unusual (a
 * redirect, a route error, a failed query, a query still loading after the passes) renders nothing:
 * the gateway then sends the plain app, which renders in the browser as before.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { setApiOrigin } from './api/client';
import { renderingWithCookies } from './lib/cookies';
import { appRoutes } from './app/router';
import { scriptJson, SERVER_STATE_ID, type ServerState } from './app/serverState';

export interface RenderedPage {
  /**
   * The preload links React wrote for the page's high-priority images (its LCP image), for the top
   * of <head>: the browser asks for them before the scripts, which would otherwise take the
   * connections and the bandwidth first.
   */
  headHtml: string;
  /** The markup of #root. */
  rootHtml: string;
  /** A JSON script element (type application/json, never run) with the state for the browser's first render. */
  stateScript: string;
}

const PASSES = 3;
const handler = createStaticHandler(appRoutes);

const enabled = (query: Query): boolean => {
  const option = (query.options as { enabled?: unknown }).enabled;
  return typeof option === 'function' ? (option as (q: Query) => unknown)(query) !== false : option !== false;
};

/** `cookieHeader`: the request's cookies, read by the page as the browser's would be (the cookie notice's consent). */
export async function renderPage(url: string, apiOrigin: string, cookieHeader = ''): Promise<RenderedPage | null> {
  setApiOrigin(apiOrigin);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // No retries and no refetching here: one answer per query, as the page was rendered with it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const render = () =>
    renderingWithCookies(cookieHeader, () =>
      renderToString(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
  for (let pass = 1; pass <= PASSES; pass += 1) {
    const html = render();
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((q) => q.state.status === 'error')) return null;
    const waiting = queries.filter((q) => q.state.status === 'pending' && enabled(q));
    if (waiting.length === 0) {
      const state: ServerState = { queries: dehydrate(queryClient), loaderData: context.loaderData };
      const head = /^(?:<link rel="preload"[^>]*>)+/.exec(html)?.[0] ?? '';
      return { headHtml: head, rootHtml: html.slice(head.length), stateScript: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>` };
    }
    if (pass === PASSES) return null;
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
  }
  return null;
}
