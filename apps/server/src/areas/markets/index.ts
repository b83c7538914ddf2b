import { defineArea } from '../area';
import { marketRoutes } from './routes';
import { stallRoutes } from './stalls-routes';
import { createStalls } from './stalls-service';

/** Markets: their public lists (market cess is the ticket engine's, decision 032) and stalls (decision 035). */
export const marketsArea = defineArea({
  name: 'markets',
  async register(ctx) {
    const { applications, standing, references } = ctx;
    await ctx.routes(marketRoutes({ db: ctx.db, references }));
    // Market stalls: allocated as a stall application is issued; their rent a standing charge,
    // opened (and its months raised) at once for the seed's allocations too.
    const stalls = createStalls({ db: ctx.db, standing, references });
    if ((await stalls.openRents()) > 0) await standing.raiseDue();
    ctx.choices.register('stall-markets', async (_params, language) => ({
      data: await stalls.stallMarkets(language ?? 'en'),
    }));
    applications.addValidator('markets', stalls.validateApplication);
    applications.onIssuing('markets', stalls.allocateIssued);
    await ctx.routes(stallRoutes({ stalls, guards: ctx.guards }));
  },
});
