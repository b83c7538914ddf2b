import type { FieldDefinition } from '../../definition';
import { VEHICLE_TYPES } from './daily-parking/definition';

/** A vehicle's number plate (Kenyan formats, spaces and case ignored). */
export const plateField = {
  name: 'plate',
  kind: 'plate',
  label: 'Number plate',
  hint: 'As on the vehicle, e.g. KDA 123A',
  placeholder: 'KDA 123A',
  required_message: 'Please enter the number plate',
} as const satisfies FieldDefinition;

export const vehicleTypeField = {
  name: 'vehicle_type',
  kind: 'select',
  label: 'Vehicle type',
  options: { static: VEHICLE_TYPES },
  required_message: 'Please choose the vehicle type',
} as const satisfies FieldDefinition;

/** The vehicles a permit covers: plates (and their type where the fee depends on it). */
export function vehiclesGroup(options: { hint: string; max: number; withType: boolean }): FieldDefinition {
  return {
    name: 'vehicles',
    kind: 'group',
    label: 'Vehicles',
    hint: options.hint,
    min: 1,
    max: options.max,
    add_label: 'Add another vehicle',
    entry_label: 'Vehicle',
    required_message: 'Please add at least one vehicle',
    fields: options.withType ? [plateField, vehicleTypeField] : [plateField],
  };
}

/** The organisation that holds a reserved bay or a loading zone. */
export const organisationFields = [
  {
    name: 'organisation_name',
    kind: 'text',
    label: 'Organisation name',
    hint: 'The business, institution or office that holds the permit, e.g. Savannah Fresh Foods Limited',
    min: 2,
    max: 120,
    example: 'Savannah Fresh Foods Limited',
    required_message: 'Please enter the organisation name',
  },
  {
    name: 'kra_pin',
    kind: 'kra-pin',
    label: "The organisation's KRA PIN",
    hint: 'P… for a company, A… for a sole trader, e.g. P051365947M',
    required_message: "Please enter the organisation's KRA PIN",
  },
  {
    name: 'contact_phone',
    kind: 'phone',
    label: 'Contact phone number',
    hint: 'The county calls this number about the application',
    required_message: 'Please enter a contact phone number',
  },
] as const satisfies readonly FieldDefinition[];

/** Where: a road, then a building on it (the buildings follow the road chosen). */
export const placeFields = [
  {
    name: 'road_code',
    kind: 'select',
    label: 'Road',
    options: { list: 'parking-roads' },
    example: 'KIM',
    required_message: 'Please choose the road',
  },
  {
    name: 'building_code',
    kind: 'select',
    label: 'Building',
    hint: 'The building the bays are in front of',
    options: { list: 'parking-buildings', params: { road_code: 'road_code' } },
    example: 'KIM-01',
    required_message: 'Please choose the building',
  },
] as const satisfies readonly FieldDefinition[];
