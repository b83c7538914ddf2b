import { defineService } from '../../../define-service';
import { organisationFields, placeFields, vehiclesGroup } from '../shared-fields';

/**
 * Loading zone permit: a business keeps a marked loading zone of a type (goods delivery, cash in
 * transit, passenger drop-off…) on a road in front of its building for a year, for the vehicles
 * it names. Paid by its type (fee schedule "loading-zone"), issued as soon as it is paid.
 */
export const loadingZone = defineService({
  id: 'loading-zone',
  route: '/loading-zones',
  area: 'parking',
  title: 'Loading Zone Permit',
  description: 'Apply and pay for a loading zone in front of your premises for a year.',
  menu: true,
  order: 4,
  application_prefix: 'LZP',
  reference_field: 'organisation_name',
  holder_field: 'organisation_name',
  steps: [
    {
      id: 'organisation',
      title: 'Organisation',
      description: 'Who the loading zone is for.',
      fields: organisationFields,
    },
    {
      id: 'zone',
      title: 'Loading zone',
      description: 'What kind of loading zone, and where.',
      fields: [
        {
          name: 'zone_type',
          kind: 'select',
          label: 'Loading zone type',
          options: { list: 'loading-zone-types' },
          example: 'GOODS',
          required_message: 'Please choose the loading zone type',
        },
        ...placeFields,
      ],
    },
    {
      id: 'vehicles',
      title: 'Vehicles',
      helper: 'my-vehicles',
      description: 'The vehicles that load and unload there.',
      fields: [vehiclesGroup({ hint: 'Up to 20 vehicles', max: 20, withType: false })],
    },
    { id: 'check', title: 'Check your answers', component: 'check-answers' },
  ],
  fee: { rule: 'schedule', params: { schedule: 'loading-zone', key_fields: ['zone_type'] } },
  derived: [
    { name: 'place', description: 'The road and the building, in words.' },
    { name: 'zone_code', description: "The road's parking zone." },
    { name: 'plates', description: 'The plates covered, as one line.', from: 'vehicles' },
  ],
  workflow: 'instant',
  produces: 'loading-zone-permit',
  submit: {
    method: 'POST',
    success_message: 'Loading zone application submitted successfully',
  },
  validity: { days: 365 },
});

export default loadingZone;
