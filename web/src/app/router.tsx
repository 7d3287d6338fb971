import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { ui } from '../i18n/messages';
import { Layout } from './Layout';
import { RouteError } from './RouteError';
import { RoutePage } from './RoutePage';
import type { RouteHandle } from './routeContext';
import { notFoundRoute, routes } from './routes';

const pages: RouteObject[] = [...routes, notFoundRoute].map((route) => ({
  path: route.path,
  // The navigation waits for the page's code, so the address and the page change together: the
  // previous page never stays on screen (and editable) under the new URL while a chunk loads.
  // A failed chunk rejects here and reaches the error element (the 404-style page).
  loader: async () => {
    await route.load();
    return null;
  },
  shouldRevalidate: () => false,
  hydrateFallbackElement: <Spinner label={ui.shell.pageLoading} />,
  element: <RoutePage route={route} />,
  handle: { route } satisfies RouteHandle,
}));

/** The app's route tree: the browser's router and the server renderer (entry-server.tsx) read the same one. */
export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // The pathless child keeps the shell on screen when a page fails.
    children: [{ errorElement: <RouteError />, children: pages }],
  },
];

/**
 * The browser's router. `hydrationData`: the loader results of a page the server rendered (ADR 062),
 * so the first render is that page at once instead of the loading fallback while loaders run again.
 */
export const createAppRouter = (hydrationData?: HydrationState) => createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : {});
