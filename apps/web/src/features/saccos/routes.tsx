import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * Transport Saccos (protected; the app puts them behind the guard): the user's Saccos and their
 * summaries, registering one, a Sacco's vehicles with their PSV stickers, adding a vehicle.
 */
export const saccoRoutes: RouteObject[] = [
  {
    path: 'account/transport-sacco-vehicles',
    handle: { title: 'titles.transportSaccos' },
    element: lazyPage(
      () => import('./saccos-pages'),
      (m) => m.TransportSaccosPage,
    ),
  },
  {
    path: 'account/transport-sacco-vehicles/add',
    handle: { title: 'titles.registerSacco' },
    element: lazyPage(
      () => import('./saccos-pages'),
      (m) => m.RegisterSaccoPage,
    ),
  },
  {
    path: 'account/sacco-vehicles',
    handle: { title: 'titles.saccoVehicles' },
    element: lazyPage(
      () => import('./sacco-vehicles-page'),
      (m) => m.SaccoVehiclesPage,
    ),
  },
  {
    path: 'account/sacco-vehicles/add',
    handle: { title: 'titles.addSaccoVehicle' },
    element: lazyPage(
      () => import('./sacco-vehicles-page'),
      (m) => m.AddSaccoVehiclePage,
    ),
  },
];
