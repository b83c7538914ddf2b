import { defineArea } from '../area';
import { registerLandLists } from './land-lists';
import { createLandService } from './land-service';
import { landRoutes } from './routes';
import { landRatesUssd } from './ussd';

/** Land: the register of parcels, rates and land services (decision 003). */
export const landArea = defineArea({
  name: 'land',
  async register(ctx) {
    const { applications, backOffice } = ctx;
    const land = createLandService({ db: ctx.db, bills: ctx.bills, county: ctx.county });
    applications.addValidator('land', land.validateApplication);
    registerLandLists(ctx.choices, land);
    ctx.customerRecords.add(land.customerRecordSource);
    // A clearance certificate or an owner amendment is approved only while the register allows it.
    backOffice.addRegisterCheck(
      ['land-clearance', 'land-transfer', 'building-plan-approval'],
      land.registerCheck,
    );
    // A property service built on a parcel (a building plan) names one in the land register.
    applications.addValidator('property', land.validateApplication);
    await ctx.routes(landRoutes({ land, applications, guards: ctx.guards, invoiceLink: ctx.invoiceLink }));
    // Land rates on the USSD menu: the caller's parcels and their bills.
    ctx.ussd.addMenu(landRatesUssd({ land, billScreen: ctx.ussd.billScreen }));
  },
});
