import { defineReferenceData } from '../../../../reference-data';

/**
 * The county's product tree for miscellaneous charges, level 1 of 4 (the spec's
 * `EssentialProducts`): the departments that charge. Level 2 is `EssentialServicesSubProducts`,
 * level 3 `essentialservicessubproducts2`, level 4 (what is priced) `NRSGlobalSub3Products`.
 */
const items = [
  { code: 'ENV', name: 'Environment and sanitation', name_sw: 'Mazingira na usafi' },
  { code: 'BUR', name: 'Burial and cemeteries', name_sw: 'Mazishi na makaburi' },
  { code: 'HIR', name: 'Equipment hire', name_sw: 'Kukodisha mitambo' },
  { code: 'FIR', name: 'Fire and disaster management', name_sw: 'Zimamoto na majanga' },
  { code: 'ADM', name: 'Records and certified copies', name_sw: 'Kumbukumbu na nakala zilizothibitishwa' },
];

export default defineReferenceData({
  description: 'Essential services: the departments that charge (level 1 of the product tree).',
  items: { nairobi: items, mombasa: items },
});
