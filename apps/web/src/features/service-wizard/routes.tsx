import type { ServiceArea } from '@kaunti/catalogue/definition';
import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { servicesOfArea, serviceTitleKey } from '../../lib/catalogue-index';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement } from '../../lib/lazy-route';

/**
 * An area's own page around a service's wizard (the markets' "Your stalls" above the stall
 * application): fetched with the wizard, given it as its children.
 */
export type WizardSurround = () => Promise<ComponentType<{ children: ReactNode }>>;

/**
 * The routes of an area's catalogue services that the generic wizard renders: one per service,
 * at its route, titled by its own title (Kiswahili from `common:services.<id>.title`). Read from
 * the catalogue's index, so a new definition is a new page with nothing written here. An area may
 * put its own page around a service's wizard (`surround`, by service id).
 */
export function wizardRoutesOf(
  area: ServiceArea,
  surround: Readonly<Record<string, WizardSurround>> = {},
): RouteObject[] {
  return servicesOfArea(area)
    .filter((service) => service.page === 'wizard')
    .map((service) => {
      const around = surround[service.id];
      return {
        path: service.route.slice(1),
        handle: { title: serviceTitleKey(service.id), titleDefault: service.title },
        // The page and this service's definition alone (not the catalogue), side by side. Keyed by
        // service: moving between two wizard pages starts the other one afresh.
        element: lazyElement(
          () =>
            Promise.all([
              loadChunk(() => import('./service-wizard-page')),
              loadChunk(() =>
                import('../../lib/service-definition').then((l) => l.loadServiceDefinition(service.id)),
              ),
              around ? loadChunk(around) : Promise.resolve(undefined),
            ]),
          ([m, definition, Around]) => {
            const wizard = <m.ServiceWizardPage key={service.id} service={definition} />;
            return Around ? <Around>{wizard}</Around> : wizard;
          },
        ),
      };
    });
}
