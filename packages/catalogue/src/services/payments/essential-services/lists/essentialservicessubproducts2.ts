import { defineReferenceData } from '../../../../reference-data';

/** Level 3 of the product tree: the kinds of each service (parent: `EssentialServicesSubProducts`). */
const items = [
  { code: 'ENV-EXH-RES', parent: 'ENV-EXH', name: 'Residential premises', name_sw: 'Makazi' },
  { code: 'ENV-EXH-COM', parent: 'ENV-EXH', name: 'Commercial premises', name_sw: 'Majengo ya biashara' },
  { code: 'ENV-SWM-SKP', parent: 'ENV-SWM', name: 'Skip hire', name_sw: 'Kukodisha kontena la taka' },
  { code: 'ENV-SWM-TIP', parent: 'ENV-SWM', name: 'Dumpsite tipping', name_sw: 'Kumwaga taka dampo' },
  { code: 'ENV-NOI-PRM', parent: 'ENV-NOI', name: 'Noise permit', name_sw: 'Kibali cha kelele' },
  { code: 'BUR-C1-PLT', parent: 'BUR-C1', name: 'Grave plots', name_sw: 'Viwanja vya kaburi' },
  { code: 'BUR-C1-EXM', parent: 'BUR-C1', name: 'Exhumation', name_sw: 'Kufukua maiti' },
  { code: 'BUR-C2-PLT', parent: 'BUR-C2', name: 'Grave plots', name_sw: 'Viwanja vya kaburi' },
  { code: 'BUR-CRE-CRM', parent: 'BUR-CRE', name: 'Cremation', name_sw: 'Kuchoma maiti' },
  { code: 'HIR-HEV-GRD', parent: 'HIR-HEV', name: 'Grader', name_sw: 'Greda' },
  { code: 'HIR-HEV-EXC', parent: 'HIR-HEV', name: 'Excavator', name_sw: 'Kichimbuzi' },
  { code: 'HIR-HEV-RLR', parent: 'HIR-HEV', name: 'Roller', name_sw: 'Rola' },
  { code: 'HIR-TRK-TIP', parent: 'HIR-TRK', name: 'Tipper lorry', name_sw: 'Lori la kumwaga' },
  { code: 'HIR-TRK-WAT', parent: 'HIR-TRK', name: 'Water bowser', name_sw: 'Lori la maji' },
  {
    code: 'FIR-STB-EVT',
    parent: 'FIR-STB',
    name: 'Fire engine at an event',
    name_sw: 'Gari la zimamoto kwenye tukio',
  },
  {
    code: 'FIR-STB-AMB',
    parent: 'FIR-STB',
    name: 'Rescue crew at an event',
    name_sw: 'Kikosi cha uokoaji kwenye tukio',
  },
  { code: 'FIR-INS-PRM', parent: 'FIR-INS', name: 'Premises inspection', name_sw: 'Ukaguzi wa jengo' },
  {
    code: 'FIR-TRN-WRD',
    parent: 'FIR-TRN',
    name: 'Fire marshal training',
    name_sw: 'Mafunzo ya wasimamizi wa moto',
  },
  { code: 'ADM-DOC-CPY', parent: 'ADM-DOC', name: 'Certified copies', name_sw: 'Nakala zilizothibitishwa' },
  { code: 'ADM-DOC-LET', parent: 'ADM-DOC', name: 'County letters', name_sw: 'Barua za kaunti' },
];

export default defineReferenceData({
  description: 'Essential services: the kinds of each service (level 3 of the product tree).',
  items: { nairobi: items, mombasa: items },
});
