import type { PaymentInternals } from './payment-internals';
import { CALLBACK_PATHS } from './payment-types';

/** Registering the paybill's C2B URLs with Daraja (an operator's step; in the background against the simulator). */
export function createC2bRegistration(internals: PaymentInternals) {
  const { log, callbackUrl, deps } = internals;
  return {
    /** Registers the C2B validation and confirmation URLs with Daraja (an operator's step). */
    async registerC2bUrls(responseType: 'Completed' | 'Cancelled' = 'Completed') {
      const validationUrl = callbackUrl(CALLBACK_PATHS.c2bValidation);
      const confirmationUrl = callbackUrl(CALLBACK_PATHS.c2bConfirmation);
      const answer = await deps.daraja.registerC2bUrls({ validationUrl, confirmationUrl, responseType });
      const masked = (url: string) => url.replace(deps.callbackSecret, '***');
      return {
        validation_url: masked(validationUrl),
        confirmation_url: masked(confirmationUrl),
        response_code: answer.responseCode,
        response_description: answer.responseDescription,
      };
    },

    /**
     * Development against the simulator only (app.ts decides): registers the C2B URLs, trying
     * again for a while because `npm start` starts the simulator at the same moment.
     */
    async registerC2bUrlsInBackground(attempts = 10, waitMs = 2000): Promise<void> {
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const answer = await this.registerC2bUrls('Completed');
          log.info({ ...answer }, 'C2B URLs registered with the M-Pesa simulator');
          return;
        } catch (error) {
          if (attempt === attempts) {
            log.warn({ err: error }, 'Could not register the C2B URLs with the M-Pesa simulator');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
        }
      }
    },
  };
}
