import { defineArea } from '../area';
import { toiletRoutes } from './routes';
import { createToilets } from './toilets';

/** Public toilets: the list and their faults (their payment is the ticket engine's, decision 032). */
export const toiletsArea = defineArea({
  name: 'toilets',
  async register(ctx) {
    await ctx.routes(
      toiletRoutes({
        toilets: createToilets({ db: ctx.db, references: ctx.references }),
        guards: ctx.guards,
      }),
    );
  },
});
