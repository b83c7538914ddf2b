import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { catalogueServices, serviceTitleKey } from '../../lib/catalogue-index';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement } from '../../lib/lazy-route';
import { keepTyped, type ServerRender } from '../../lib/page-render';

const definitionOf = (id: string) =>
  loadChunk(() => import('../../lib/service-definition').then((l) => l.loadServiceDefinition(id)));

/** An area's own page at a ticket service's route, and how the server renders it (decision 020). */
export interface OwnTicketPage {
  element: ReactElement;
  serverRender: ServerRender;
}

/**
 * A ticket form sent as a plain form post before the page's script arrived: the page again with
 * what was typed, asking to send it again. Nothing is paid from a plain post (money moves only
 * from the page itself, decision 020).
 */
const ticketFormPost = (id: string) => async () => {
  const definition = await definitionOf(id);
  return keepTyped((definition?.steps[0]?.fields ?? []).map((field) => field.name));
};

/**
 * The public pages of the catalogue's ticket services (workflow "ticket", no account): the form at
 * the service's route and the ticket at its read path without /api ("/markets/cess/:ticket_id").
 * Read from the catalogue's index, so a new ticket service is its pages with nothing written here.
 * The form is rendered on the server (the same for everyone: it is drawn from the definition), and
 * a plain post of it gives the page again with what was typed; the ticket, one payer's and asked
 * about until paid, is not rendered there.
 */
export function ticketRoutes(ownPages: Record<string, OwnTicketPage> = {}): RouteObject[] {
  return catalogueServices
    .filter((service) => service.page === 'ticket' && service.ticket_page)
    .flatMap((service): RouteObject[] => [
      {
        path: service.route.slice(1),
        handle: {
          title: serviceTitleKey(service.id),
          titleDefault: service.title,
          serverRender: ownPages[service.id]?.serverRender ?? { post: ticketFormPost(service.id) },
        },
        // An area's own page where it has one (the public toilets' list), else the generic form.
        element:
          ownPages[service.id]?.element ??
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
