import type { ReferenceChoices } from '../applications/reference-choices';
import type { CountyService } from './county-service';

/** The county's own reference lists: its sub-counties, and the wards of each (one answer). */
export function registerCountyLists(choices: ReferenceChoices, county: CountyService): void {
  const answer = async () => ({ data: await county.subCounties() });
  choices.register('sub-counties', answer);
  choices.register('wards', answer);
}
