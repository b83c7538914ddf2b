import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';
import type { ServerRender } from '../lib/page-render';

/** What a route tells the shell about itself: its title (a key in the common namespace). */
export interface RouteHandle {
  /** i18n key of the page title, e.g. "titles.faqs". */
  title?: string;
  /** The English title where the locale has none (a catalogue service's own title). */
  titleDefault?: string;
  /** Show a Back button in the services layout. */
  back?: boolean;
  /** Rendered to HTML on the server (lib/page-render.ts, docs/decisions/020). */
  serverRender?: ServerRender;
}

/** The routes the current path matches, outermost first (app/router.tsx AppRoutes). */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

/** The handle of the deepest route matching the current path that has a title. */
export function useRouteHandle(): RouteHandle {
  const matches = useContext(RouteMatchesContext);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.route.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return {};
}
