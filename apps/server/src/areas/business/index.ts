import { defineArea } from '../area';
import { registerBusinessLists } from './business-lists';
import { createBusinessService } from './business-service';
import { DEMO_BUSINESSES, issueDemoPermits } from './demo-permits';
import { createPermits } from './permits';
import { businessRoutes } from './routes';

/** Business permits (decision 011) and who acts for a business (decision 029). */
export const businessArea = defineArea({
  name: 'business',
  async register(ctx) {
    const { applications, db } = ctx;
    const business = createBusinessService({ db, otp: ctx.accounts.otp, throttle: ctx.accounts.throttle });
    applications.addValidator('business', business.checkApplication);
    registerBusinessLists(ctx.choices, business);
    // Parking permits for a business name one the applicant holds.
    ctx.offers.heldBusinessOf = business.heldBusinessOf;
    const permits = createPermits({
      db,
      applications,
      links: ctx.links,
      documents: ctx.documents,
      sms: ctx.sms,
      publicUrl: ctx.config.publicUrl,
      countyName: async () => (await ctx.county.get()).name,
    });
    applications.onIssued('business', permits.recordIssued);
    // /permits, renewals and their reminders are the renewal engine's (decision 040): the area's
    // own services' permits are kept by their business, so the area is their holder.
    ctx.renewals.addHolder(permits);
    await ctx.routes(businessRoutes({ business, permits, guards: ctx.guards }));
    // The demo's permits of every age are issued here; the area's other services (the food
    // hygiene licence) by the engine's demo like any other.
    ctx.demo({
      issuesItself: DEMO_BUSINESSES.map((demo) => demo.serviceId),
      run: () => issueDemoPermits({ db, documents: ctx.links, permits }),
    });
  },
});
