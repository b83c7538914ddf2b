import { defineArea } from '../area';
import { createMatatuChanges } from './matatu-changes';
import { saccoRoutes } from './sacco-routes';
import { payDemoStickers } from './sacco-seed';
import { createSaccoService } from './saccos';
import { registerTransportLists } from './transport-lists';

/**
 * Transport (decision 013): Saccos behind PSV activation, their fleets and PSV stickers paid in
 * one bill, and the matatu changes services.
 */
export const transportArea = defineArea({
  name: 'transport',
  async register(ctx) {
    const { applications, db } = ctx;
    const saccos = createSaccoService({
      db,
      bills: ctx.bills,
      documents: ctx.documents,
      links: ctx.links,
      county: ctx.county,
      // A paid sticker covers its plate for parking enforcement (the parking area's covers).
      recordParkingCover: async (tx, cover) => {
        if (!ctx.offers.recordParkingCover)
          throw new Error('PSV stickers need the parking area, which records what they cover');
        await ctx.offers.recordParkingCover(tx, cover);
      },
    });
    const changes = createMatatuChanges({ db });
    applications.addValidator('transport', changes.checkApplication);
    applications.onIssued('transport', changes.recordIssued);
    registerTransportLists(ctx.choices, changes);
    await ctx.routes(saccoRoutes({ saccos, changes, guards: ctx.guards }));
    ctx.demo({
      run: async () => {
        await payDemoStickers({ db, saccos, bills: ctx.bills });
        return undefined;
      },
    });
  },
});
