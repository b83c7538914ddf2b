import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { landReferenceRoutes } from './land-reference-routes';
import type { LandRouteDeps } from './land-route-deps';
import { parcelClaimRoutes } from './parcel-claim-routes';
import { parcelLinkRoutes } from './parcel-link-routes';
import { parcelRoutes } from './parcel-routes';

export type { LandRouteDeps } from './land-route-deps';

/**
 * The land area's API, exactly at the spec's methods and paths (section 7), every route behind
 * a verified session. The land applications' submit paths are the engine's (applications/routes.ts,
 * from each definition's `submit.path`).
 *
 * One plugin per concern, in this order: the reference lists (land-reference-routes.ts), linking
 * a parcel (parcel-link-routes.ts), parcel claims (parcel-claim-routes.ts), and the caller's
 * parcels with their check and rates bill (parcel-routes.ts).
 */
export function landRoutes(deps: LandRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(landReferenceRoutes(deps));
    await app.register(parcelLinkRoutes(deps));
    await app.register(parcelClaimRoutes(deps));
    await app.register(parcelRoutes(deps));
  };
}
