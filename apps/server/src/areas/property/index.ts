import { defineArea } from '../area';
import { createEstatesService } from './estates-service';
import { estatesRoutes } from './routes';

/** County estates (decision 034), the catalogue's property area: tenancies whose rent is a standing charge. */
export const propertyArea = defineArea({
  name: 'property',
  async register(ctx) {
    const { applications, standing } = ctx;
    // A tenancy the seed (or an officer) added gets its rent opened here, and its months raised
    // at once, not an hour on.
    // An officer allocates a vacant house from the waiting list: tenancy, rent, letter and SMS.
    const estates = createEstatesService({
      db: ctx.db,
      standing,
      documents: ctx.documents,
      links: ctx.links,
      county: ctx.county,
      sms: ctx.sms,
      log: ctx.log,
    });
    if ((await estates.openRents()) > 0) await standing.raiseDue();
    // Tenancy services (next of kin, transfer) name a tenancy the applicant holds; issued, they change it.
    applications.addValidator('property', estates.validateApplication);
    applications.onIssued('property', estates.recordIssued);
    // What a tenancy service's bill carried of the rent (decision 036) reaches the rent once paid.
    applications.onStatusChanged(estates.settleCarried);
    // An allocation's letter prints its place on the waiting list as it is issued.
    applications.onIssuing('property', estates.placeOnIssue);
    await ctx.routes(estatesRoutes({ estates, guards: ctx.guards }));
  },
});
