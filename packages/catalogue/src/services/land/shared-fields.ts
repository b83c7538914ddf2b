import type { FieldDefinition } from '../../definition';

/**
 * Fields several land services ask in the same words. Only data: each service lists them in its
 * own steps, so a definition file still reads as the whole service.
 */
export const lrNumberField = {
  name: 'lr_number',
  kind: 'parcel',
  label: 'Land / parcel number (LR number)',
  hint: 'As written on the title deed, e.g. 209/10001',
  placeholder: '209/10001',
  required_message: 'Please enter your land / parcel number',
} as const satisfies FieldDefinition;

export const subCountyField = {
  name: 'sub_county_code',
  kind: 'select',
  label: 'Sub-county',
  options: { list: 'sub-counties' },
  example: '274',
  required_message: 'Please select the sub-county',
} as const satisfies FieldDefinition;

export const wardField = {
  name: 'ward_code',
  kind: 'select',
  label: 'Ward',
  options: { list: 'wards', params: { sub_county_code: 'sub_county_code' } },
  example: '1361',
  required_message: 'Please select the ward',
} as const satisfies FieldDefinition;

export const landUseField = {
  name: 'current_land_use_code',
  kind: 'select',
  label: 'Current land use',
  options: { list: 'land-use-codes' },
  example: 'RES',
  required_message: 'Please select the current land use',
} as const satisfies FieldDefinition;

export const idCardField = {
  name: 'idCard',
  kind: 'file',
  label: 'Copy of your national ID card (both sides)',
  hint: 'A photo or scan: JPEG, PNG or PDF, up to 5 MB',
  required_message: 'Please upload copy of your ID card',
} as const satisfies FieldDefinition;

export const kraPinCertField = {
  name: 'kraPinCert',
  kind: 'file',
  label: 'KRA PIN certificate',
  hint: 'JPEG, PNG or PDF, up to 5 MB',
  required_message: 'Please upload KRA PIN certificate',
} as const satisfies FieldDefinition;

export const proofOfOwnershipField = {
  name: 'proofOfOwnership',
  kind: 'file',
  label: 'Proof of ownership (e.g. title deed)',
  hint: 'Title deed, certificate of lease or allotment letter: JPEG, PNG or PDF, up to 5 MB',
  required_message: 'Please add proof of ownership e.g title deed document',
} as const satisfies FieldDefinition;
