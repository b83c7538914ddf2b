import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement } from '../../lib/lazy-route';

/**
 * The business area's own pages (its applications are the generic wizard's: /sbp,
 * /trade-license/apply, /pest-control/apply). Protected, in the business services layout.
 * /permits lists every permit of the user: `more` loads the other areas' parts of it (app/
 * composes them: parking's seasonal tickets, reserved bays and loading zones).
 */
export function businessRoutes(more: () => Promise<ComponentType>): RouteObject[] {
  return [
    {
      path: 'permits',
      handle: { title: 'titles.permits' },
      element: lazyElement(
        () => Promise.all([loadChunk(() => import('./permits-page')), loadChunk(more)]),
        ([page, More]) => (
          <page.PermitsPage>
            <More />
          </page.PermitsPage>
        ),
      ),
    },
  ];
}
