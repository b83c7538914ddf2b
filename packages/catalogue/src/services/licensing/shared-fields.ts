import type { FieldDefinition } from '../../definition';
import { subCountyField, wardField } from '../land/shared-fields';

/**
 * What the licensing services ask in the same words: the licensed premises (where a licence is
 * displayed and inspected). Only data: each service lists them in its own steps. The business
 * itself is asked with the business area's fields (`business/shared-fields.ts`), so the business
 * finder fills it in.
 */
export const licensedPremisesFields = [
  {
    name: 'premises_name',
    kind: 'text',
    label: 'Name of the premises',
    hint: 'The name on the sign, e.g. Tamasha Grill',
    max: 120,
    min: 2,
    example: 'Tamasha Grill',
    required_message: 'Please enter the name of the premises',
  },
  subCountyField,
  wardField,
  {
    name: 'road_name',
    kind: 'text',
    label: 'Road or street',
    max: 80,
    example: 'Limuru Road',
    required_message: 'Please enter the road or street',
  },
  {
    name: 'plot_no',
    kind: 'text',
    label: 'Plot number',
    hint: 'e.g. 209/10521',
    max: 40,
    example: '1870/IV/91',
    required_message: 'Please enter the plot number',
  },
  {
    name: 'building_name',
    kind: 'text',
    label: 'Building (optional)',
    max: 80,
    required: false,
    example: 'Tamasha Plaza',
  },
  {
    name: 'floor_no',
    kind: 'text',
    label: 'Floor (optional)',
    hint: 'e.g. Ground floor, 2nd floor',
    max: 30,
    required: false,
    example: 'Ground floor',
  },
  {
    name: 'stall',
    kind: 'text',
    label: 'Room or unit (optional)',
    max: 30,
    required: false,
    example: 'Unit 3',
  },
] as const satisfies readonly FieldDefinition[];

/**
 * The county's advertising zones: the rate per square metre of a sign or structure is the zone's
 * (tariff items "zone:type"). The roads in each zone are the county's gazetted list.
 */
export const ADVERTISING_ZONES = [
  {
    value: 'zone-a',
    label: 'Zone A: the Central Business District and Upper Hill',
    short: 'zone A',
    short_sw: 'eneo A',
  },
  {
    value: 'zone-b',
    label: 'Zone B: the main roads and commercial centres (Westlands, Industrial Area, Eastleigh…)',
    short: 'zone B',
    short_sw: 'eneo B',
  },
  { value: 'zone-c', label: 'Zone C: the rest of the county', short: 'zone C', short_sw: 'eneo C' },
] as const;

export const advertisingZoneField = {
  name: 'advertising_zone',
  kind: 'select',
  label: 'Advertising zone',
  hint: "The county's gazetted zones; ask the advertising office if unsure",
  options: { static: ADVERTISING_ZONES.map(({ value, label }) => ({ value, label })) },
  example: 'zone-a',
  required_message: 'Please choose the advertising zone',
} as const satisfies FieldDefinition;
