import { defineArea } from '../area';
import { toiletRoutes } from './toilet-routes';
import { createToilets } from './toilets';

/**
 * The catalogue's payments area, as far as it needs a server area of its own: public toilets,
 * their list and their faults (their payment is the ticket engine's, decision 032).
 */
export const paymentsArea = defineArea({
  name: 'payments',
  async register(ctx) {
    await ctx.routes(
      toiletRoutes({
        toilets: createToilets({ db: ctx.db, references: ctx.references }),
        guards: ctx.guards,
      }),
    );
  },
});
