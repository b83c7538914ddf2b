import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { LandService } from './land-service';

/**
 * The land area's reference lists (catalogue registries/reference-lists.ts), answered as their
 * routes answer them (routes.ts), so that a submitted choice is checked against what the form
 * offered.
 */
export function registerLandLists(choices: ReferenceChoices, land: LandService): void {
  choices.register('land-use-codes', async () => ({ data: await land.landUses() }));
  choices.register('land-reasons', async () => ({ data: await land.reasons() }));
  choices.register('ground-rent-service-types', async () => ({ data: await land.groundRentServiceTypes() }));
  choices.register('ground-rent-zones', async (params) => ({
    data: await land.groundRentZones({ wardCode: params.ward_code, subCountyCode: params.sub_county_code }),
  }));
  choices.register('land-services', async () => ({ data: await land.landServices() }));
  choices.register('land-survey-service-types', async () => ({ data: await land.surveyServiceTypes() }));
  choices.register('surveyors', async () => ({ data: await land.consultants('surveyor') }));
}
