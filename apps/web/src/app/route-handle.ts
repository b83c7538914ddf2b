import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';

/** What a route tells the shell about itself: its title (a key in the common namespace). */
export interface RouteHandle {
  /** i18n key of the page title, e.g. "titles.faqs". */
  title?: string;
  /** The English title where the locale has none (a catalogue service's own title). */
  titleDefault?: string;
  /** Show a Back button in the services layout. */
  back?: boolean;
}

/** The route table being rendered (app/router.tsx AppRoutes). */
export const RouteTableContext = createContext<RouteObject[]>([]);

/** The handle of the deepest route matching the current path that has a title. */
export function useRouteHandle(): RouteHandle {
  const routes = useContext(RouteTableContext);
  const { pathname } = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(routes, pathname) ?? [];
    for (let i = matches.length - 1; i >= 0; i--) {
      const handle = matches[i]?.route.handle as RouteHandle | undefined;
      if (handle?.title) return handle;
    }
    return {};
  }, [routes, pathname]);
}
