import { defineService } from '../../../define-service';
import { idCardField, lrNumberField, subCountyField, wardField } from '../shared-fields';

/**
 * Ground Rent / Stand Premium on county (leasehold) land: the annual ground rent or the one-off
 * stand premium, priced by the plot's ground rent zone (seeded fee schedule "ground-rent",
 * item "<zone_code>:<service_type_code>"). Paid, then receipted at once (workflow "instant").
 */
export const groundRent = defineService({
  id: 'ground-rent',
  route: '/ground-rent',
  area: 'land',
  title: 'Ground Rent / Stand Premium',
  description: 'Apply Ground Rent or Stand Premium here.',
  menu: true,
  order: 2,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'service',
      title: 'Service',
      description: 'What you are paying for, and for which plot.',
      fields: [
        {
          name: 'service_type_code',
          kind: 'select',
          label: 'Service',
          options: { list: 'ground-rent-service-types' },
          example: 'GR',
          required_message: 'Please select ground rent or stand premium',
        },
        lrNumberField,
      ],
    },
    {
      id: 'location',
      title: 'Location',
      description: 'Where the plot is: the zone sets the amount.',
      fields: [
        subCountyField,
        wardField,
        {
          name: 'zone_code',
          kind: 'select',
          label: 'Ground rent zone',
          options: {
            list: 'ground-rent-zones',
            params: { ward_code: 'ward_code', sub_county_code: 'sub_county_code' },
          },
          example: 'GRZ-1361-A',
          required_message: 'Please select the ground rent zone',
        },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      fields: [
        {
          name: 'allotmentLetter',
          kind: 'file',
          label: 'Lease or allotment letter',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload copy of the lease or allotment letter',
        },
        idCardField,
      ],
    },
  ],
  required_documents: [
    { field: 'allotmentLetter', title: 'Lease or allotment letter' },
    { field: 'idCard', title: 'Copy of your national ID card' },
  ],
  fee: {
    rule: 'schedule',
    params: { schedule: 'ground-rent', key_fields: ['zone_code', 'service_type_code'] },
  },
  workflow: 'instant',
  produces: 'receipt',
  submit: {
    method: 'POST',
    path: '/api/globalms/ground_rent/application',
    success_message: 'Ground rent application submitted successfully',
  },
});

export default groundRent;
