import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../core/accounts/guard';
import { businessClaimRoutes } from './business-claim-routes';
import { businessHoldingRoutes } from './business-holding-routes';
import { businessReferenceRoutes } from './business-reference-routes';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';
import { pestControlRoutes } from './pest-control-routes';

/**
 * The business permits area's API: the activity schedule and postal codes (public lists the
 * forms read), the caller's businesses and the register lookup, and the pest control lists and
 * summary (/permits and renewals are the renewal engine's: core/renewals, which lists and renews
 * the business's permits through this area's `Permits`). The applications themselves go through the engine
 * (`/api/services/<id>/applications`).
 */
export function businessRoutes(deps: {
  business: BusinessService;
  permits: Permits;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // One plugin per concern, in this order: the public lists (business-reference-routes.ts), the
    // caller's businesses and takeover (business-holding-routes.ts), claims
    // (business-claim-routes.ts) and pest control (pest-control-routes.ts).
    await app.register(businessReferenceRoutes(deps));
    await app.register(businessHoldingRoutes(deps));
    await app.register(businessClaimRoutes(deps));
    await app.register(pestControlRoutes(deps));
  };
}
