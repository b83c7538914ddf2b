import { defineArea } from '../area';
import { recordParkingCover } from './covers';
import { registerParkingLists } from './parking-lists';
import { createParkingPermits } from './parking-permits';
import { createParkingService } from './parking-service';
import { createReservedParking } from './reserved-parking';
import { parkingRoutes } from './routes';
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
    // PSV stickers (the transport area) let their plates park: the enforcement check reads them.
    ctx.offers.recordParkingCover = recordParkingCover;
  },
});
