import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * Parking's public pages (no account needed): pay a day's parking at /parking, and the ticket at
 * /parking/{id} — the page the SMS receipt links to.
 */
export const parkingPublicRoutes: RouteObject[] = [
  {
    path: 'parking',
    handle: {
      title: 'titles.parking',
      // Rendered on the server with the zones and their fees (served again for a minute), and its
      // form shows the amount as a plain form post before the script arrives (lib/page-render.ts).
      serverRender: {
        queries: () => import('./parking-api').then((m) => [m.zonesQuery]),
        keepSeconds: 60,
        post: () => import('./parking-post').then((m) => m.parkingPost),
      },
    },
    element: lazyPage(
      () => import('./parking-page'),
      (m) => m.ParkingPage,
    ),
  },
  {
    path: 'parking/:id',
    handle: { title: 'titles.parkingTicket' },
    element: lazyPage(
      () => import('./ticket-page'),
      (m) => m.TicketPage,
    ),
  },
];
