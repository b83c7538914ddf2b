import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * Parking's public pages (no account needed): pay a day's parking at /parking, and the ticket at
 * /parking/{id} — the page the SMS receipt links to.
 */
export const parkingPublicRoutes: RouteObject[] = [
  {
    path: 'parking',
    handle: { title: 'titles.parking' },
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
