import { createContext, useContext } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteDef } from './routes';

export interface RouteHandle {
  route: RouteDef;
}

/** The route definition of the page being rendered (used by shared pages such as "coming soon"). */
export const RouteDefContext = createContext<RouteDef | null>(null);
export const useRouteDef = (): RouteDef | null => useContext(RouteDefContext);

/** The deepest matched route of the table, for shell decisions (banners, reminders). */
export function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.route) return handle.route.name;
  }
  return undefined;
}
