/**
 * The reference lists select fields take their choices from, by name. Each says which API call
 * answers it and how to read the choices from the answer, so the web renderer needs one generic
 * loader, not one per list:
 *
 *   items = response[items]                       (e.g. response.data)
 *   if nested: items = items.find(i => i[nested.match] === params[nested.param])?.[nested.items] ?? []
 *   option = { value: String(item[value]), label: String(item[label]) }
 *
 * `params` are the list's parameters; a field maps each to another field of the form
 * (`options: { list: 'wards', params: { sub_county_code: 'sub_county_code' } }`), and the list
 * is empty until every parameter has a value. A `query` parameter goes in the query string, a
 * `body` one in the JSON body (POST), a `match` one is only used to pick the `nested` entry.
 * A `path` may carry a fixed query string (e.g. `?land_service_code=`, sent empty per the spec).
 */
export interface ReferenceList {
  name: string;
  description: string;
  method: 'GET' | 'POST';
  path: string;
  /** Parameters: where each goes. */
  params?: Readonly<Record<string, 'query' | 'body' | 'match'>>;
  /** Parameters a field may leave unmapped (the list then answers all its items). */
  optional?: readonly string[];
  /** A fixed JSON body for a POST (e.g. the land uses call sends land_use_code empty). */
  body?: Readonly<Record<string, string>>;
  /** Dotted path of the array in the response. */
  items: string;
  nested?: { match: string; param: string; items: string };
  value: string;
  label: string;
  /** What the server answers for a value not among the choices (a field's own `invalid_message` wins). */
  invalid_message: string;
  /**
   * A long list the user searches as they type: the query parameter that carries the search text
   * (the web shows a search box above the choices). Without it the list answers every choice, which
   * is what the server checks a submitted value against.
   */
  search?: string;
}

export const referenceLists = {
  'land-use-codes': {
    name: 'land-use-codes',
    description: 'Land use codes (residential, commercial, ...).',
    method: 'POST',
    path: '/api/lands/land_utils/get_land_uses',
    body: { land_use_code: '' },
    items: 'data',
    value: 'land_use_code',
    label: 'description',
    invalid_message: 'Please select a land use from the list',
  },
  'land-reasons': {
    name: 'land-reasons',
    description: 'Reasons for a land owner amendment (sale, succession, gift, ...).',
    method: 'GET',
    path: '/api/lands/application/GetAddLRReasonforapplication',
    items: 'data',
    value: 'reason_code',
    label: 'description',
    invalid_message: 'Please select a reason from the list',
  },
  'sub-counties': {
    name: 'sub-counties',
    description: "The county's sub-counties.",
    method: 'GET',
    path: '/api/county/sub-counties',
    items: 'data',
    value: 'code',
    label: 'name',
    invalid_message: 'Please select a sub-county from the list',
  },
  wards: {
    name: 'wards',
    description: 'The wards of one sub-county.',
    method: 'GET',
    path: '/api/county/sub-counties',
    params: { sub_county_code: 'match' },
    items: 'data',
    nested: { match: 'code', param: 'sub_county_code', items: 'wards' },
    value: 'code',
    label: 'name',
    invalid_message: 'Please select a ward of the chosen sub-county',
  },
  'ground-rent-service-types': {
    name: 'ground-rent-service-types',
    description: 'Ground rent or stand premium.',
    method: 'GET',
    path: '/api/globalms/ground_rent/service_type',
    items: 'data',
    value: 'service_type_code',
    label: 'name',
    invalid_message: 'Please select ground rent or stand premium',
  },
  'ground-rent-zones': {
    name: 'ground-rent-zones',
    description: 'Ground rent zones of one ward.',
    method: 'GET',
    path: '/api/globalms/ground_rent/zone',
    params: { ward_code: 'query', sub_county_code: 'query' },
    items: 'data',
    value: 'zone_code',
    label: 'zone_name',
    invalid_message: 'Please select a zone of the chosen ward',
  },
  'land-services': {
    name: 'land-services',
    description: 'The county land services (survey, planning, valuation...).',
    method: 'GET',
    path: '/api/lands/land_r/services',
    items: 'data',
    value: 'land_service_code',
    label: 'name',
    invalid_message: 'Please select a land service from the list',
  },
  'land-survey-service-types': {
    name: 'land-survey-service-types',
    description: 'Land survey service types (boundary re-establishment, subdivision, ...).',
    method: 'GET',
    // The spec sends land_service_code empty: every type is listed.
    path: '/api/lands/land_survey/Getlandsurveyservicetypes?land_service_code=',
    items: 'data',
    value: 'service_type_code',
    label: 'name',
    invalid_message: 'Please select a type of survey from the list',
  },
  surveyors: {
    name: 'surveyors',
    description: 'Licensed surveyors an applicant may appoint.',
    method: 'GET',
    path: '/api/lands/consultants?profession=surveyor',
    items: 'data',
    value: 'consultant_code',
    label: 'name',
    invalid_message: 'Please select a surveyor from the list',
  },
  'business-activities': {
    name: 'business-activities',
    description:
      "The county's business activities (trade licence schedule): code, name, category, sub-category and industry.",
    method: 'GET',
    path: '/api/business/activities',
    items: 'data',
    value: 'activity_code',
    label: 'name',
    search: 'q',
    invalid_message: 'Please select a business activity from the list',
  },
  'postal-codes': {
    name: 'postal-codes',
    description: 'Kenyan postal codes and their post offices.',
    method: 'GET',
    path: '/api/business/postal-codes',
    items: 'data',
    value: 'postal_code',
    label: 'label',
    invalid_message: 'Please select a postal code from the list',
  },
  'pest-control-providers': {
    name: 'pest-control-providers',
    description: 'Pest control operators licensed by the county.',
    method: 'GET',
    path: '/api/pest-control/providers',
    items: 'data',
    value: 'provider_code',
    label: 'name',
    invalid_message: 'Please select a licensed pest control operator from the list',
  },
  'pest-control-services': {
    name: 'pest-control-services',
    description: 'Pest control services (fumigation, rodent control...) and their certificate fees.',
    method: 'GET',
    path: '/api/pest-control/services',
    items: 'data',
    value: 'service_code',
    label: 'name',
    invalid_message: 'Please select a pest control service from the list',
  },
  'parking-zones': {
    name: 'parking-zones',
    description: "The county's parking zones (CBD and outer zones), with their daily fees by vehicle type.",
    method: 'GET',
    path: '/api/parking/zones',
    items: 'data',
    value: 'zone_code',
    label: 'name',
    invalid_message: 'Please select a parking zone from the list',
  },
  'parking-roads': {
    name: 'parking-roads',
    description: 'Roads where the county reserves parking bays and marks loading zones, with their zone.',
    method: 'GET',
    path: '/api/parking/roads',
    items: 'data',
    value: 'road_code',
    label: 'name',
    invalid_message: 'Please select a road from the list',
  },
  'parking-buildings': {
    name: 'parking-buildings',
    description: 'The buildings on a road, in front of which bays are reserved or loading zones marked.',
    method: 'GET',
    path: '/api/parking/buildings',
    params: { road_code: 'query' },
    items: 'data',
    value: 'building_code',
    label: 'name',
    invalid_message: 'Please select a building on the road chosen',
  },
  'loading-zone-types': {
    name: 'loading-zone-types',
    description: 'The kinds of loading zone the county marks, each with its yearly fee.',
    method: 'GET',
    path: '/api/parking/loading-zone-types',
    items: 'data',
    value: 'type_code',
    label: 'name',
    invalid_message: 'Please select a loading zone type from the list',
  },
  'matatu-change-types': {
    name: 'matatu-change-types',
    description: 'The changes to a matatu the county records (route, Sacco, owner), each with its fee.',
    method: 'GET',
    path: '/api/saccos/matatu-change-types',
    items: 'data',
    value: 'type_code',
    label: 'name',
    invalid_message: 'Please select a change type from the list',
  },
  'stall-markets': {
    name: 'stall-markets',
    description: "The county's markets that let stalls (its cess barriers left out), with their sub-county.",
    method: 'GET',
    path: '/api/markets/stall-markets',
    items: 'data',
    value: 'code',
    label: 'name',
    invalid_message: 'Please select a market from the list',
  },
} as const satisfies Record<string, ReferenceList>;

export type ReferenceListName = keyof typeof referenceLists;

/**
 * The county reference data lists (reference-data.ts), by name: one file each, named by the list,
 * found by their folders. Only the names are read here (nothing is loaded), so the web's wizard
 * knows where every list is fetched from without carrying the county's data.
 */
const dataListFiles = import.meta.glob(['../services/*/lists/*.ts', '../services/*/*/lists/*.ts']);
const dataListNames: ReadonlySet<string> = new Set(
  Object.keys(dataListFiles).map((path) => /([^/]+)\.ts$/.exec(path)?.[1] ?? path),
);

/** How a county reference data list is fetched: one route for all, `?parent=` for a dependent one. */
function dataListOf(name: string): ReferenceList {
  return {
    name,
    description: 'County reference data.',
    method: 'GET',
    path: `/api/reference-data/${name}`,
    params: { parent: 'query' },
    optional: ['parent'],
    items: 'data',
    value: 'code',
    label: 'name',
    invalid_message: 'Please select an option from the list',
  };
}

/** True for a county reference data list (reference-data.ts): its field may follow a parent field. */
export function isDataList(name: string): boolean {
  return !Object.hasOwn(referenceLists, name) && dataListNames.has(name);
}

export function findReferenceList(name: string): ReferenceList | undefined {
  if (Object.hasOwn(referenceLists, name)) return (referenceLists as Record<string, ReferenceList>)[name];
  return dataListNames.has(name) ? dataListOf(name) : undefined;
}

/** One choice of a reference list: what is sent, and what is shown. */
export interface ReferenceOption {
  value: string;
  label: string;
}

/**
 * The parameters a list needs for a field: all it declares, but an optional one only when the
 * field maps it (`params` then has its key, empty until that field is answered).
 */
export function neededParams(list: ReferenceList, params: Readonly<Record<string, string>>): string[] {
  return Object.keys(list.params ?? {}).filter(
    (name) => !(list.optional ?? []).includes(name) || Object.hasOwn(params, name),
  );
}

/** The call that answers a list for these parameter values; undefined until each has a value. */
export function referenceListRequest(
  list: ReferenceList,
  params: Readonly<Record<string, string>>,
  /** What the user typed in a searchable list's box (sent as its `search` parameter). */
  typed = '',
): { path: string; method: 'GET' | 'POST'; body?: Record<string, string> } | undefined {
  const names = neededParams(list, params);
  if (names.some((name) => !params[name])) return undefined;
  const [pathname, existing] = list.path.split('?', 2) as [string, string | undefined];
  const query = new URLSearchParams(existing ?? '');
  const body: Record<string, string> = { ...list.body };
  for (const name of names) {
    const where = list.params?.[name];
    if (where === 'body') body[name] = params[name]!;
    else if (where === 'query') query.set(name, params[name]!);
    // A `match` parameter is not sent: it only picks the nested entry of the answer.
  }
  if (list.search && typed.trim() !== '') query.set(list.search, typed.trim());
  const search = query.toString();
  // A path written with an empty parameter ("?land_service_code=") is sent as written.
  const path = search || existing !== undefined ? `${pathname}?${search}` : pathname;
  return list.method === 'POST' ? { path, method: 'POST', body } : { path, method: 'GET' };
}

function at(value: unknown, dotted: string): unknown {
  let current = value;
  for (const key of dotted.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The choices in an answer, read as the list describes (registries/reference-lists.ts). */
export function readOptions(
  list: ReferenceList,
  response: unknown,
  params: Readonly<Record<string, string>>,
): ReferenceOption[] {
  let items = at(response, list.items);
  if (list.nested && Array.isArray(items)) {
    const { match, param, items: inner } = list.nested;
    const parent = items.find(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        String((item as Record<string, unknown>)[match]) === params[param],
    ) as Record<string, unknown> | undefined;
    items = parent?.[inner] ?? [];
  }
  if (!Array.isArray(items)) return [];
  return items
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ value: String(item[list.value] ?? ''), label: String(item[list.label] ?? '') }))
    .filter((option) => option.value !== '');
}
