// First: zod's settings must be in place before any schema module is evaluated.
import './lib/zodConfig';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { appRoutes, createAppRouter } from './app/router';
import type { RouteHandle } from './app/routeContext';
import { readServerState } from './app/serverState';
import { registerServiceWorker } from './lib/push';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * A page the server rendered (ADR 062) comes with its data and loader results: the first render
 * here is that same page, hydrated over the server's HTML once the page's code is in (its chunk is
 * preloaded from the HTML), so nothing on screen changes or waits for a spinner.
 */
/** Lifts the server-rendered page's `inert` once the app's first render is on screen (ADR 062). */
function TakenOver({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return null;
}

async function start(container: HTMLElement): Promise<void> {
  const server = readServerState(document);
  if (server) {
    hydrate(queryClient, server.queries);
    const matches = matchRoutes(appRoutes, window.location) ?? [];
    await Promise.all(matches.map((m) => (m.route.handle as RouteHandle | undefined)?.route.load())).catch(() => undefined);
  }
  const router = createAppRouter(server ? { loaderData: server.loaderData } : undefined);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      {server ? <TakenOver container={container} /> : null}
    </StrictMode>
  );
  if (server) {
    // The server's HTML is this same first render (the same routes, data and loader results): React
    // adopts it (hydration) instead of drawing every element again, as a transition so its work is
    // sliced. A markup mismatch is a bug (dates go through LocalDate): React then draws that part
    // afresh and reports it, which the page-load test fails on.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportHydrationMismatch });
    });
  } else createRoot(container).render(app);
}

/** Logged where a test and a developer see it; the page still works (React redrew that part). */
function reportHydrationMismatch(error: unknown): void {
  console.error('caskade: the server-rendered page did not match the first render', error);
}

void start(root);

// The service worker (/sw.js): pushes, and the offline page for everyone, signed in or not.
registerServiceWorker();
