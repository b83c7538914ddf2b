import type { RouteObject } from 'react-router';
import { catalogueRoutes } from '../lib/catalogue-index';
import { PLANNED_PATHS } from '../lib/planned-paths';
import { ComingSoonPage } from './coming-soon-page';
import { PROTECTED_PATHS } from './protected-paths';

export { PLANNED_PATHS };

/** The spec's routes whose areas are not built yet (lib/planned-paths.ts) answer the coming-soon page. */
const isProtected = (path: string) => (PROTECTED_PATHS as readonly string[]).includes(`/${path}`);

/** The spec's routes no catalogue service serves yet: a new definition takes its route off this list. */
const planned = PLANNED_PATHS.filter((path) => !catalogueRoutes.has(`/${path}`));

const comingSoon = (path: string): RouteObject => ({
  path,
  element: <ComingSoonPage />,
  handle: { title: 'titles.comingSoon' },
});

export const plannedPublicRoutes = planned.filter((path) => !isProtected(path)).map(comingSoon);
export const plannedProtectedRoutes = planned.filter(isProtected).map(comingSoon);
