import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';

/** Parking's reference lists, answered as their routes answer them (routes.ts). */
export function registerParkingLists(
  choices: ReferenceChoices,
  parking: ParkingService,
  permits: ParkingPermits,
): void {
  choices.register('parking-zones', async (_params, language) => ({ data: await parking.zones(language) }));
  choices.register('parking-roads', async () => ({ data: await permits.roads() }));
  choices.register('parking-buildings', async (params) => ({
    data: await permits.buildings(typeof params.road_code === 'string' ? params.road_code : undefined),
  }));
  choices.register('loading-zone-types', async () => ({ data: await permits.loadingZoneTypes() }));
}
