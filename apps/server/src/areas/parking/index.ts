import { defineArea } from '../area';
import { createMatatuChanges } from './matatu-changes';
import { registerParkingLists, registerTransportLists } from './parking-lists';
import { createParkingPermits } from './parking-permits';
import { createParkingService } from './parking-service';
import { createReservedParking } from './reserved-parking';
import { parkingRoutes } from './routes';
import { saccoRoutes } from './sacco-routes';
import { payDemoStickers } from './sacco-seed';
import { createSaccoService } from './saccos';
import { dailyParkingUssd } from './ussd';

/** Parking: daily tickets without an account (decision 012), seasonal, reserved and loading permits. */
export const parkingArea = defineArea({
  name: 'parking',
  async register(ctx) {
    const { applications, db, guards } = ctx;
    const parking = createParkingService({
      tickets: ctx.tickets,
      db,
      bills: ctx.bills,
      payments: ctx.payments,
      documents: ctx.documents,
      links: ctx.links,
      choices: ctx.choices,
      county: ctx.county,
      sms: ctx.sms,
      publicUrl: ctx.config.publicUrl,
      log: ctx.log,
    });
    const permits = createParkingPermits({
      db,
      applications,
      links: ctx.links,
      heldBusinessOf: async (userId, kraPin) => (await ctx.offers.heldBusinessOf?.(userId, kraPin)) ?? null,
    });
    applications.addValidator('parking', permits.checkApplication);
    applications.onIssued('parking', permits.recordIssued);
    registerParkingLists(ctx.choices, parking, permits);
    await ctx.routes(
      parkingRoutes({
        parking,
        permits,
        reserved: createReservedParking({ db }),
        comments: ctx.comments,
        guards,
      }),
    );
    ctx.ussd.addService(dailyParkingUssd({ db, parking }));

    // Transport Saccos (behind PSV activation): fleets and PSV stickers paid in one bill.
    const saccos = createSaccoService({
      db,
      bills: ctx.bills,
      documents: ctx.documents,
      links: ctx.links,
      county: ctx.county,
    });
    const matatuChanges = createMatatuChanges({ db });
    applications.addValidator('transport', matatuChanges.checkApplication);
    applications.onIssued('transport', matatuChanges.recordIssued);
    registerTransportLists(ctx.choices, matatuChanges);
    await ctx.routes(saccoRoutes({ saccos, changes: matatuChanges, guards }));
    ctx.demo({
      run: async () => {
        await payDemoStickers({ db, saccos, bills: ctx.bills });
        return undefined;
      },
    });
  },
});
