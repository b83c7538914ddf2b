import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citizenPaymentRoutes } from './citizen-payment-routes';
import { darajaCallbackRoutes } from './daraja-callback-routes';
import type { PaymentRouteDeps } from './payment-route-kit';

export type { PaymentRouteDeps } from './payment-route-kit';

/**
 * The payments API:
 *  - `POST /api/payments/mpesa/stk-push` (Idempotency-Key) — pay one of your bills by M-Pesa;
 *  - `GET /api/payments/{payment_id}` — poll it; `GET /api/payments` — your transactions;
 *  - `GET /api/account/obligations` — everything you owe, by service area, and your credit;
 *  - the Daraja callbacks, authenticated by the secret in their path (wrong secret: 404, nothing
 *    processed): `POST /api/payments/callbacks/stk/{secret}`,
 *    `/api/payments/callbacks/c2b/validation/{secret}`, `/api/payments/callbacks/c2b/confirmation/{secret}`;
 *  - `POST /api/staff/payments/c2b/register` — register the C2B URLs with Daraja (staff, on demand).
 *
 * One plugin per concern, in this order: the citizen's payments (citizen-payment-routes.ts) and
 * Daraja's callbacks with the C2B registration (daraja-callback-routes.ts).
 */
export function paymentRoutes(deps: PaymentRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(citizenPaymentRoutes(deps));
    await app.register(darajaCallbackRoutes(deps));
  };
}
