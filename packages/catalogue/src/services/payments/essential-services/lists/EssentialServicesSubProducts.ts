import { defineReferenceData } from '../../../../reference-data';

/** Level 2 of the product tree: the services of each department (parent: `EssentialProducts`). */
const common = [
  { code: 'ENV-EXH', parent: 'ENV', name: 'Exhauster services', name_sw: 'Huduma za kunyonya maji taka' },
  { code: 'ENV-SWM', parent: 'ENV', name: 'Solid waste', name_sw: 'Taka ngumu' },
  { code: 'ENV-NOI', parent: 'ENV', name: 'Noise and excessive vibration', name_sw: 'Kelele na mitetemo' },
  { code: 'HIR-HEV', parent: 'HIR', name: 'Heavy plant', name_sw: 'Mitambo mizito' },
  { code: 'HIR-TRK', parent: 'HIR', name: 'Trucks', name_sw: 'Malori' },
  { code: 'FIR-STB', parent: 'FIR', name: 'Standby', name_sw: 'Kusimama tayari' },
  { code: 'FIR-INS', parent: 'FIR', name: 'Fire safety inspection', name_sw: 'Ukaguzi wa usalama wa moto' },
  { code: 'FIR-TRN', parent: 'FIR', name: 'Training', name_sw: 'Mafunzo' },
  { code: 'ADM-DOC', parent: 'ADM', name: 'Documents', name_sw: 'Nyaraka' },
] as const;

const burial = (first: string, second: string) => [
  { code: 'BUR-C1', parent: 'BUR', name: `${first} cemetery`, name_sw: `Makaburi ya ${first}` },
  { code: 'BUR-C2', parent: 'BUR', name: `${second} cemetery`, name_sw: `Makaburi ya ${second}` },
  { code: 'BUR-CRE', parent: 'BUR', name: 'Crematorium', name_sw: 'Mahali pa kuchoma maiti' },
];

export default defineReferenceData({
  description: 'Essential services: the services of each department (level 2 of the product tree).',
  items: {
    nairobi: [...common, ...burial('Lang’ata', 'Kang’undo Road')],
    mombasa: [...common, ...burial('Mbaraki', 'Manyimbo')],
  },
});
