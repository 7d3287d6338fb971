import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { isSessionEnding, useCurrentUser } from '../api/session';
import { FormMessage } from '../components/Field';
import { PageContainer } from '../components/PageLayout';
import { Spinner } from '../components/Spinner';
import { authRedirectState } from '../lib/redirect';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ui } from '../i18n/messages';
import { RouteDefContext } from './routeContext';
import { pathTo, type RouteDef } from './routes';

/** Renders one route of the table: document title, the login guard and the lazily loaded page. */
export function RoutePage({ route }: { route: RouteDef }) {
  const page = (
    <RouteDefContext.Provider value={route}>
      <RouteTitle title={route.title} />
      <route.Page />
    </RouteDefContext.Provider>
  );
  return route.auth ? <RequireAuth route={route}>{page}</RequireAuth> : page;
}

/**
 * The route's title, set by a component placed before the page so that a page naming itself
 * after its data (a listing, a brand) wins: sibling effects run in order.
 */
function RouteTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/**
 * Unauthenticated visitors go to buyer sign-up (the spec’s default reading)
 * carrying path, query and hash, and come back after signing up or logging in.
 */
function RequireAuth({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user) {
    if (isSessionEnding()) return null;
    if (isError)
      return (
        <PageContainer width="medium">
          <FormMessage tone="error">{ui.common.networkError}</FormMessage>
        </PageContainer>
      );
    return <Navigate to={pathTo('BuyerSignupPage')} replace state={authRedirectState(location)} />;
  }
  if (route.role && route.role !== user.role) return <NotForThisAccount />;
  return children;
}

function NotForThisAccount() {
  return (
    <PageContainer width="medium" className="text-center">
      <h1 className="text-3xl font-bold text-stone-900">{ui.common.notForAccountHeading}</h1>
      <p className="mt-4 text-stone-600">{ui.common.notForAccountBody}</p>
      <Link to="/" className="btn-primary mt-8">
        {ui.notFound.home}
      </Link>
    </PageContainer>
  );
}
