import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { catalogueServices, serviceTitleKey } from '../../lib/catalogue-index';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement } from '../../lib/lazy-route';

const definitionOf = (id: string) =>
  loadChunk(() => import('../../lib/service-definition').then((l) => l.loadServiceDefinition(id)));

/**
 * The public pages of the catalogue's ticket services (workflow "ticket", no account): the form at
 * the service's route and the ticket at its read path without /api ("/markets/cess/:ticket_id").
 * Read from the catalogue's index, so a new ticket service is its pages with nothing written here.
 */
export function ticketRoutes(ownPages: Record<string, ReactElement> = {}): RouteObject[] {
  return catalogueServices
    .filter((service) => service.page === 'ticket' && service.ticket_page)
    .flatMap((service): RouteObject[] => [
      {
        path: service.route.slice(1),
        handle: { title: serviceTitleKey(service.id), titleDefault: service.title },
        // An area's own page where it has one (the public toilets' list), else the generic form.
        element:
          ownPages[service.id] ??
          lazyElement(
            () => Promise.all([loadChunk(() => import('./ticket-form-page')), definitionOf(service.id)]),
            ([m, definition]) => <m.TicketFormPage key={service.id} service={definition} />,
          ),
      },
      {
        path: service.ticket_page!.slice(1),
        handle: { title: serviceTitleKey(service.id), titleDefault: service.title },
        element: lazyElement(
          () => Promise.all([loadChunk(() => import('./ticket-page')), definitionOf(service.id)]),
          ([m, definition]) => <m.TicketPage key={service.id} service={definition} />,
        ),
      },
    ]);
}
