import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import { dailyParkingRoutes } from './daily-parking-routes';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import { permitRoutes } from './permit-routes';
import { plateStatusRoutes } from './plate-status-routes';
import type { ReservedParking } from './reserved-parking';
import { reservedParkingRoutes } from './reserved-parking-routes';
import { vehicleRoutes } from './vehicle-routes';

/**
 * Parking's API: the zones and their fees, a day's parking paid by M-Pesa with no account
 * (`POST /api/parking/daily`), a ticket by its id, and the enforcement officers' plate check.
 */
export function parkingRoutes(deps: {
  parking: ParkingService;
  permits: ParkingPermits;
  reserved: ReservedParking;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // One plugin per concern, in this order: a day's parking (daily-parking-routes.ts), the
    // motorist's vehicles (vehicle-routes.ts), the plate check (plate-status-routes.ts), permits
    // and the places they name (permit-routes.ts), reserved parking (reserved-parking-routes.ts).
    await app.register(dailyParkingRoutes(deps));
    await app.register(vehicleRoutes(deps));
    await app.register(plateStatusRoutes(deps));
    await app.register(permitRoutes(deps));
    await app.register(reservedParkingRoutes(deps));
  };
}
