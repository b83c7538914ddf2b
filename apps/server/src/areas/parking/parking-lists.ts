import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { ParkingService } from './parking-service';

/** Parking's reference lists, answered as their routes answer them (routes.ts). */
export function registerParkingLists(choices: ReferenceChoices, parking: ParkingService): void {
  choices.register('parking-zones', async () => ({ data: await parking.zones() }));
}
