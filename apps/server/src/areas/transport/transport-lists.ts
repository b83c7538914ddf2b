import type { ReferenceChoices } from '../../core/applications/reference-choices';
import type { MatatuChanges } from './matatu-changes';

/** The transport services' lists (matatu changes). */
export function registerTransportLists(choices: ReferenceChoices, changes: MatatuChanges): void {
  choices.register('matatu-change-types', async () => ({ data: await changes.changeTypes() }));
}
