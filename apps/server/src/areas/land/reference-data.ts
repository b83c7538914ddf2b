/**
 * The land area's reference data that every county shares: land-use codes, transfer reasons,
 * the ground-rent service types, the land services and survey service types (with their fees),
 * and the licensed consultants. What differs by county (rating, ground rent, fixed fees, demo
 * parcels) is in counties/<county>.ts.
 */
export const landUseCodes = [
  { code: 'RES', description: 'Residential' },
  { code: 'COM', description: 'Commercial' },
  { code: 'IND', description: 'Industrial' },
  { code: 'MIX', description: 'Mixed use (residential and commercial)' },
  { code: 'AGR', description: 'Agricultural' },
  { code: 'INS', description: 'Institutional (schools, hospitals, places of worship)' },
  { code: 'REC', description: 'Recreational and open space' },
  { code: 'PUB', description: 'Public purpose and utilities' },
] as const;

export type LandUseCode = (typeof landUseCodes)[number]['code'];

export const landReasons = [
  { code: 'SALE', description: 'Sale / transfer to a buyer' },
  { code: 'SUCC', description: 'Succession (inheritance after death)' },
  { code: 'GIFT', description: 'Gift (transfer without sale)' },
  { code: 'COURT', description: 'Court order' },
  { code: 'NAME', description: 'Change of name of the owner' },
  { code: 'TRANSM', description: 'Transmission to a surviving joint owner' },
  { code: 'COMP', description: 'Transfer to or from a company' },
  { code: 'CHARGE', description: 'Sale by a chargee (bank) under its power of sale' },
  { code: 'ALLOT', description: 'First registration after allotment' },
] as const;

export const groundRentServiceTypes = [
  { code: 'GR', name: 'Ground Rent', description: 'The annual rent on a plot leased from the county.' },
  { code: 'SP', name: 'Stand Premium', description: 'The one-off premium when a county plot is allocated.' },
] as const;

export const landServices = [
  {
    code: 'SRV',
    name: 'Survey services',
    description: 'Boundaries, subdivision, amalgamation and topographic surveys.',
  },
  {
    code: 'PLN',
    name: 'Physical planning',
    description: 'Development control, change of user and subdivision schemes.',
  },
  {
    code: 'VAL',
    name: 'Valuation',
    description: 'Valuation for rating and objections to the valuation roll.',
  },
  { code: 'RAT', name: 'Rating', description: 'Land rates bills, searches and clearance certificates.' },
  {
    code: 'ADM',
    name: 'Land administration',
    description: 'County leases, ground rent and changes of ownership.',
  },
] as const;

/** Survey service types (their fees: the land-survey service's tariff, in the catalogue). */
export const surveyServiceTypes = [
  {
    code: 'SV-BRE',
    land: 'SRV',
    name: 'Boundary re-establishment',
    description: 'Find and re-mark lost or disputed beacons of a parcel.',
  },
  {
    code: 'SV-BPI',
    land: 'SRV',
    name: 'Beacon pointing',
    description: 'Show the owner or a buyer the beacons of a parcel on the ground.',
  },
  {
    code: 'SV-SUB',
    land: 'SRV',
    name: 'Subdivision survey',
    description: 'Survey a parcel into smaller plots (per scheme, up to 10 plots).',
  },
  {
    code: 'SV-AMG',
    land: 'SRV',
    name: 'Amalgamation survey',
    description: 'Survey adjoining parcels into one.',
  },
  {
    code: 'SV-TOP',
    land: 'SRV',
    name: 'Topographic survey',
    description: 'Map the levels and features of a site before building.',
  },
  {
    code: 'SV-MUT',
    land: 'SRV',
    name: 'Mutation survey',
    description: 'Prepare the mutation form for a change in a parcel on the registry index map.',
  },
  {
    code: 'PL-COU',
    land: 'PLN',
    name: 'Change of user site inspection',
    description: 'Inspection of the site for a change of user application.',
  },
  {
    code: 'VL-OBJ',
    land: 'VAL',
    name: 'Valuation objection inspection',
    description: 'Inspection for an objection to the value on the valuation roll.',
  },
] as const;

export const consultants = [
  {
    code: 'LS-0432',
    name: 'James Mwangi Kariuki',
    firm: 'Kariuki Geospatial Consultants',
    profession: 'surveyor',
    licenceNo: 'LS/0432',
    phone: '254722431870',
    email: 'survey@kariukigeo.co.ke',
  },
  {
    code: 'LS-0517',
    name: 'Grace Achieng Otieno',
    firm: 'Geomaps Survey Services',
    profession: 'surveyor',
    licenceNo: 'LS/0517',
    phone: '254733519024',
    email: 'info@geomaps.co.ke',
  },
  {
    code: 'LS-0289',
    name: 'Peter Kiprono Rotich',
    firm: 'Rift Survey Associates',
    profession: 'surveyor',
    licenceNo: 'LS/0289',
    phone: '254711208445',
    email: 'rotich@riftsurvey.co.ke',
  },
  {
    code: 'LS-0611',
    name: 'Fatuma Hassan Abdi',
    firm: 'Pwani Land Surveyors',
    profession: 'surveyor',
    licenceNo: 'LS/0611',
    phone: '254720611302',
    email: 'fatuma@pwanisurveyors.co.ke',
  },
  {
    code: 'VR-0345',
    name: 'Samuel Njoroge Gitau',
    firm: 'Gitau & Associates Valuers',
    profession: 'valuer',
    licenceNo: 'VRB/R/0345',
    phone: '254722345118',
    email: 'valuers@gitauassociates.co.ke',
  },
  {
    code: 'VR-0412',
    name: "Mercy Wambui Ndung'u",
    firm: "Ndung'u Property Valuers",
    profession: 'valuer',
    licenceNo: 'VRB/R/0412',
    phone: '254710412976',
    email: 'mercy@ndunguvaluers.co.ke',
  },
  {
    code: 'PP-0178',
    name: 'Daniel Omondi Ouma',
    firm: 'Urbanplan Consultants',
    profession: 'planner',
    licenceNo: 'PPRB/0178',
    phone: '254733178640',
    email: 'plans@urbanplan.co.ke',
  },
] as const;
