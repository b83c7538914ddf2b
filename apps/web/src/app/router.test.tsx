import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SERVICE_AREAS } from '../features/public-pages/service-areas';
import { routeEntries } from '../testing/route-table';
import { PLANNED_PATHS } from './planned-routes';
import { routes } from './router';

/** The path pattern of the deepest route that answers `path` ('*' is the not-found page). */
function answeringPattern(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const deepest = matches.at(-1)?.route;
  return deepest?.index ? matches.at(-2)?.route.path : deepest?.path;
}

describe('route table', () => {
  const landingLinks = SERVICE_AREAS.flatMap((area) => area.links.map((link) => link.to));

  it.each(landingLinks)('answers the landing page link %s with a page, not the 404', (to) => {
    expect(answeringPattern(to)).not.toBe('*');
  });

  it('answers an unknown path with the not-found page', () => {
    expect(answeringPattern('/no-such-page')).toBe('*');
  });

  it('lists a planned (coming soon) path only where no built page has it', () => {
    const all = routeEntries(routes).map((entry) => entry.path);
    for (const path of PLANNED_PATHS) {
      expect(
        all.filter((full) => full === `/${path}`),
        path,
      ).toHaveLength(1);
    }
  });
});
