import type { FieldDefinition, StepDefinition } from '../../definition';
import { subCountyField, wardField } from '../land/shared-fields';

/**
 * What the business services ask in the same words: the business, its premises (or the kind of
 * trade of a trader without premises) and the size bands that price a permit. Only data: each
 * service lists them in its own steps, so a definition file still reads as the whole service.
 */

/**
 * The county's business sizes (Finance Act 2023): each band holds the businesses with up to
 * `max_employees` employees AND up to `max_floor_m2` square metres of floor area; a business
 * that is over either limit is in the next band up. The last band has no limit. The fee of each
 * activity and size is a tariff row (county configuration), never written here.
 */
export const BUSINESS_SIZE_BANDS = [
  { code: 'mini', label: 'Mini', max_employees: 2, max_floor_m2: 10 },
  { code: 'small', label: 'Small', max_employees: 10, max_floor_m2: 50 },
  { code: 'medium', label: 'Medium', max_employees: 20, max_floor_m2: 100 },
  { code: 'large', label: 'Large', max_employees: 50, max_floor_m2: 300 },
  { code: 'mega', label: 'Mega', max_employees: 100, max_floor_m2: 1000 },
  { code: 'hyper', label: 'Hyper', max_employees: null, max_floor_m2: null },
] as const;

export type BusinessSize = (typeof BUSINESS_SIZE_BANDS)[number]['code'];

/** The band of a business with this many employees and this floor area (m²). */
export function businessSizeOf(employees: number, floorM2: number): BusinessSize {
  const band = BUSINESS_SIZE_BANDS.find(
    (b) =>
      (b.max_employees === null || employees <= b.max_employees) &&
      (b.max_floor_m2 === null || floorM2 <= b.max_floor_m2),
  );
  return (band ?? BUSINESS_SIZE_BANDS[BUSINESS_SIZE_BANDS.length - 1]!).code;
}

/** "Small: 3–10 employees, up to 50 m²" — the choice as the trader reads it. */
function sizeLabel(index: number): string {
  const band = BUSINESS_SIZE_BANDS[index]!;
  const previous = BUSINESS_SIZE_BANDS[index - 1];
  const from = (previous?.max_employees ?? 0) + 1;
  if (band.max_employees === null)
    return `${band.label}: more than ${previous?.max_employees} employees or over ${previous?.max_floor_m2?.toLocaleString('en-KE')} m²`;
  return `${band.label}: ${from === 1 ? 'up to' : `${from}–`}${from === 1 ? ` ${band.max_employees}` : band.max_employees} employees, up to ${band.max_floor_m2.toLocaleString('en-KE')} m²`;
}

export const businessSizeField = {
  name: 'business_size',
  kind: 'select',
  label: 'Business size',
  hint: 'By the number of employees and the floor area; if either is over a band, choose the next one up',
  options: { static: BUSINESS_SIZE_BANDS.map((band, i) => ({ value: band.code, label: sizeLabel(i) })) },
  required_message: 'Please choose the size of the business',
} as const satisfies FieldDefinition;

export const activityField = {
  name: 'activity_code',
  kind: 'select',
  label: 'Business activity',
  hint: 'Search by name or code, e.g. "retail" or 120',
  options: { list: 'business-activities' },
  example: '120',
  required_message: 'Please choose the business activity',
} as const satisfies FieldDefinition;

/** The business: who holds the permit. The KRA PIN or registration number finds one the county knows. */
export const businessFields = [
  {
    name: 'business_name',
    kind: 'text',
    label: 'Business name',
    hint: 'As registered, e.g. Savannah Fresh Foods Limited',
    max: 120,
    min: 2,
    required_message: 'Please enter the business name',
  },
  {
    name: 'subsidiary_name',
    kind: 'text',
    label: 'Trading name (optional)',
    hint: 'The name on the sign, if it is not the registered name',
    max: 120,
    required: false,
  },
  {
    name: 'kra_pin',
    kind: 'kra-pin',
    label: 'KRA PIN of the business',
    hint: 'P… for a company, A… for a sole proprietor, e.g. P051365947M',
    example: 'P051365947M',
    required_message: 'Please enter the KRA PIN of the business',
  },
  {
    name: 'reg_no',
    kind: 'text',
    label: 'Registration number (optional for a sole proprietor)',
    hint: 'e.g. PVT-7LU2XQ8B, BN-3K8Z2W or CPR/2015/123456',
    max: 30,
    pattern: {
      regex: '[A-Za-z0-9][A-Za-z0-9./ -]{2,29}',
      message: 'Please enter the registration number as on the certificate, e.g. PVT-7LU2XQ8B',
    },
    required: false,
  },
  {
    name: 'postal_address',
    kind: 'text',
    label: 'Postal address',
    hint: 'e.g. P.O. Box 45123',
    max: 60,
    required_message: 'Please enter the postal address',
  },
  {
    name: 'postal_code',
    kind: 'select',
    label: 'Postal code',
    options: { list: 'postal-codes' },
    example: '00100',
    required_message: 'Please choose the postal code',
  },
  {
    name: 'business_phone',
    kind: 'phone',
    label: 'Business phone number',
    hint: 'Permit reminders are sent here by SMS',
    required_message: 'Please enter the business phone number',
  },
  {
    name: 'business_email',
    kind: 'email',
    label: 'Business email (optional)',
    required: false,
  },
  {
    name: 'contact_name',
    kind: 'text',
    label: 'Contact person',
    hint: 'Whom county officers should ask for',
    max: 100,
    required_message: 'Please enter the name of the contact person',
  },
] as const satisfies readonly FieldDefinition[];

/** Where the business trades: premises, or (hawkers, mobile vendors) the kind of trade instead. */
export const premisesFields = [
  {
    name: 'premise_type',
    kind: 'select',
    label: 'Where do you trade?',
    options: {
      static: [
        { value: 'premises', label: 'From premises (a shop, office, stall or unit)' },
        { value: 'non-premise', label: 'Without premises (hawker, mobile vendor…)' },
      ],
    },
    required_message: 'Please choose where you trade',
  },
  {
    name: 'non_premise_type',
    kind: 'select',
    label: 'Kind of trade without premises',
    options: {
      static: [
        { value: 'hawker', label: 'Hawker (on foot)' },
        { value: 'mobile-vendor', label: 'Mobile vendor (vehicle, cart or motorbike)' },
        { value: 'open-air-market', label: 'Open-air market trader' },
        { value: 'mobile-services', label: 'Mobile services (shoe shining, repairs…)' },
      ],
    },
    show_when: { field: 'premise_type', equals: 'non-premise' },
    required_message: 'Please choose the kind of trade',
  },
  subCountyField,
  wardField,
  {
    name: 'road_name',
    kind: 'text',
    label: 'Road or street',
    max: 80,
    show_when: { field: 'premise_type', equals: 'premises' },
    required_message: 'Please enter the road or street',
  },
  {
    name: 'plot_no',
    kind: 'text',
    label: 'Plot number (optional)',
    hint: 'e.g. 209/10521',
    max: 40,
    required: false,
    show_when: { field: 'premise_type', equals: 'premises' },
  },
  {
    name: 'building_name',
    kind: 'text',
    label: 'Building (optional)',
    max: 80,
    required: false,
    show_when: { field: 'premise_type', equals: 'premises' },
  },
  {
    name: 'floor_no',
    kind: 'text',
    label: 'Floor (optional)',
    hint: 'e.g. Ground floor, 2nd floor',
    max: 30,
    required: false,
    show_when: { field: 'premise_type', equals: 'premises' },
  },
  {
    name: 'stall',
    kind: 'text',
    label: 'Stall, room or unit (optional)',
    max: 30,
    required: false,
    show_when: { field: 'premise_type', equals: 'premises' },
  },
] as const satisfies readonly FieldDefinition[];

/** The fee of a business permit, after its own lines: the application fee and a late renewal's penalty. */
export const applicationFeeAndPenalty = [
  { rule: 'fixed', params: { schedule: 'business-fees', item: 'application' } },
  {
    rule: 'per-unit',
    params: { schedule: 'business-fees', item: 'late-renewal', count_field: 'late_months', unit: 'month' },
    when: 'late_months',
  },
] as const;

/** The first step of every business service: the business, with the finder that fills it in. */
export const businessStep = {
  id: 'business',
  title: 'Business',
  description: 'The business that will hold the permit.',
  helper: 'business-finder',
  fields: businessFields,
} as const satisfies StepDefinition;

/** Where the business trades. */
export const premisesStep = {
  id: 'premises',
  title: 'Premises',
  description: 'Where the business trades.',
  fields: premisesFields,
} as const satisfies StepDefinition;

/** GOV.UK's "Check your answers", before the fee and Finish. */
export const checkStep = { id: 'check', title: 'Check your answers', component: 'check-answers' } as const;
