import type { ReferenceChoices } from '../applications/reference-choices';
import type { CountyService } from './county-service';
import type { ReferenceItems } from './reference-items';

/**
 * The county's own reference lists: its sub-counties, and the wards of each (one answer); and
 * every reference data list the service folders declare, answered as its route answers it.
 */
export function registerCountyLists(
  choices: ReferenceChoices,
  county: CountyService,
  references: ReferenceItems,
): void {
  const answer = async () => ({ data: await county.subCounties() });
  choices.register('sub-counties', answer);
  choices.register('wards', answer);
  for (const list of references.lists())
    choices.register(list, async (params) => ({ data: (await references.items(list, params.parent)) ?? [] }));
}
