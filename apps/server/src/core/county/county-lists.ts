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
  // A folder's list names its items in Kiswahili too: asked in Kiswahili, `name` is that (as its route answers).
  for (const list of references.lists())
    choices.register(list, async (params, language) => {
      const items = (await references.items(list, params.parent)) ?? [];
      return {
        data: language === 'sw' ? items.map((item) => ({ ...item, name: item.name_sw || item.name })) : items,
      };
    });
}
