import { errorBodySchema } from '@kaunti/contract/errors';
import type { Guards } from '../accounts/guard';
import type { PaymentService } from './payment-service';

/** What the payments' route plugins are handed. */
export interface PaymentRouteDeps {
  payments: PaymentService;
  guards: Guards;
  callbackSecret: string;
  /** During a rotation, the retiring secret is still accepted (docs/operations.md). */
  previousCallbackSecret?: string | undefined;
}

export const tags = ['payments'];
export const security = [{ bearer: [] }];
export const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
