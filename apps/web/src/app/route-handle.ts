import { useMatches } from 'react-router';

/** What a route tells the shell about itself: its title (a key in the common namespace). */
export interface RouteHandle {
  /** i18n key of the page title, e.g. "titles.faqs". */
  title?: string;
  /** The English title where the locale has none (a catalogue service's own title). */
  titleDefault?: string;
  /** Show a Back button in the services layout. */
  back?: boolean;
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return {};
}
