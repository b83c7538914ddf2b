/**
 * The business area's reference data that is not a fee: postal codes, and the pest control
 * operators and services. The activity schedule and every business fee are the catalogue's
 * (`packages/catalogue/src/services/business/`: activities.ts and the tariffs).
 */
export const postalCodesData = [
  ['00100', 'Nairobi GPO'],
  ['00200', 'City Square'],
  ['00300', 'Ronald Ngala Street'],
  ['00400', 'Tom Mboya Street'],
  ['00500', 'Enterprise Road'],
  ['00501', 'JKIA'],
  ['00502', 'Karen'],
  ['00503', 'Mbagathi'],
  ['00505', 'Ngong Road'],
  ['00506', 'Nyayo Stadium'],
  ['00507', 'Viwandani'],
  ['00508', 'Yaya Towers'],
  ['00515', 'Buruburu'],
  ['00516', 'Dandora'],
  ['00517', 'Uhuru Estate'],
  ['00518', 'Kayole'],
  ['00600', 'Sarit Centre'],
  ['00601', 'Gigiri'],
  ['00606', 'Westlands'],
  ['00610', 'Eastleigh'],
  ['00611', 'Gikomba'],
  ['00612', 'Kahawa West'],
  ['00618', 'Ruaraka'],
  ['00619', 'Muthaiga'],
  ['00620', 'Mobil Plaza'],
  ['00621', 'Village Market'],
  ['00623', 'Parklands'],
  ['00800', 'Westlands'],
  ['20100', 'Nakuru'],
  ['40100', 'Kisumu'],
  ['80100', 'Mombasa GPO'],
] as const;

export const pestControlProvidersData = [
  {
    code: 'PCO-014',
    name: 'Rentokil Initial Kenya Limited',
    licenceNo: 'PCPB/PCO/0142',
    phone: '254720111014',
  },
  {
    code: 'PCO-027',
    name: 'Bio-Safe Pest Control Services',
    licenceNo: 'PCPB/PCO/0275',
    phone: '254733222027',
  },
  {
    code: 'PCO-033',
    name: 'Nairobi Fumigators and Sanitation',
    licenceNo: 'PCPB/PCO/0331',
    phone: '254711333033',
  },
  {
    code: 'PCO-048',
    name: 'Greenline Environmental Services',
    licenceNo: 'PCPB/PCO/0489',
    phone: '254722444048',
  },
] as const;

/** [code, name, products used] (each one's fee: the pest control service's tariff). */
export const pestControlServicesData = [
  ['FUM', 'Fumigation of premises', 'Aluminium phosphide; cypermethrin'],
  ['ROD', 'Rodent control', 'Bromadiolone bait stations'],
  ['INS', 'Crawling insect control (cockroaches, bedbugs)', 'Deltamethrin; gel baits'],
  ['TER', 'Termite treatment', 'Imidacloprid soil treatment'],
  ['DIS', 'Disinfection and sanitation', 'Quaternary ammonium compounds'],
] as const;
