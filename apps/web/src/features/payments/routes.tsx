import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

const paymentPage = lazyPage(
  () => import('./payment-page'),
  (m) => m.PaymentPage,
);

/**
 * The bills and payments pages: protected (app/portal-routes.tsx puts them under the route guard).
 * `/payment` and `/payments` are the same "pay a bill" page (docs/decisions/004-payments-mpesa.md).
 */
export const paymentsRoutes: RouteObject[] = [
  { path: 'payment', handle: { title: 'titles.pay' }, element: paymentPage },
  { path: 'payments', handle: { title: 'titles.pay' }, element: paymentPage },
  {
    path: 'account/bills',
    handle: { title: 'titles.bills' },
    element: lazyPage(
      () => import('./bills-page'),
      (m) => m.BillsPage,
    ),
  },
  {
    // The business permits' bills only (spec: /sbp/payments), with the same cards.
    path: 'sbp/payments',
    handle: { title: 'titles.businessBills' },
    element: lazyPage(
      () => import('./bills-page'),
      (m) => m.BusinessBillsPage,
    ),
  },
  {
    path: 'account/transactions-history',
    handle: { title: 'titles.transactions' },
    element: lazyPage(
      () => import('./transactions-page'),
      (m) => m.TransactionsPage,
    ),
  },
  {
    // Arrears in monthly instalments (decision 037).
    path: 'account/payment-plans',
    handle: { title: 'titles.paymentPlans' },
    element: lazyPage(
      () => import('./payment-plans-page'),
      (m) => m.PaymentPlansPage,
    ),
  },
  {
    path: 'account/obligations',
    handle: { title: 'titles.obligations' },
    element: lazyPage(
      () => import('./obligations-page'),
      (m) => m.ObligationsPage,
    ),
  },
];
