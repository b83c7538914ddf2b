import { defineService } from '../../../define-service';
import { organisationFields, placeFields, vehiclesGroup } from '../shared-fields';

/**
 * Reserved parking: an organisation reserves bays on a road in front of its building for a year
 * or for some days, for the vehicles it names (the spec's `reservedparkingapplication`). It
 * accepts the terms (/reserved-parking-terms-and-conditions), pays per bay per year or per day
 * (fee schedule "parking-reserved"), then a parking officer reviews it — officer and applicant
 * exchange comments on it (`ReservedParkingComments`) — and the approval issues the permit.
 */
export const reservedParking = defineService({
  id: 'reserved-parking',
  route: '/reserved-parking',
  area: 'parking',
  title: 'Reserved Parking',
  description: 'Reserve parking bays in front of your building for a year or for some days.',
  menu: true,
  order: 3,
  application_prefix: 'RPK',
  reference_field: 'organisation_name',
  holder_field: 'organisation_name',
  steps: [
    {
      id: 'terms',
      title: 'Terms and conditions',
      content: [
        {
          type: 'paragraph',
          text: 'A reserved bay is kept for the vehicles you name, marked and signed by the county. A parking officer checks the place before the permit is issued; you can exchange comments with the officer on your application.',
        },
        {
          type: 'list',
          items: [
            'The fee is paid for each bay, for a year or for each day, before the officer reviews the application.',
            'Only the vehicles named on the permit may use the bays.',
            'The county may move or withdraw a reservation for road works or security, and refunds the unused part.',
          ],
        },
        {
          type: 'link',
          text: 'Read the reserved parking terms and conditions',
          to: '/reserved-parking-terms-and-conditions',
        },
      ],
      fields: [
        {
          name: 'accept_terms',
          kind: 'checkbox',
          label: 'I have read and accept the reserved parking terms and conditions',
          required_message: 'Please accept the reserved parking terms and conditions',
        },
      ],
    },
    {
      id: 'organisation',
      title: 'Organisation',
      description: 'Who the bays are reserved for.',
      fields: organisationFields,
    },
    {
      id: 'bays',
      title: 'Bays',
      description: 'Where, how many and for how long.',
      fields: [
        ...placeFields,
        {
          name: 'bays',
          kind: 'integer',
          label: 'Number of bays',
          min: 1,
          max: 20,
          required_message: 'Please enter the number of bays',
        },
        {
          name: 'period_type',
          kind: 'select',
          label: 'Period',
          options: {
            static: [
              { value: 'yearly', label: 'One year' },
              { value: 'daily', label: 'Some days' },
            ],
          },
          required_message: 'Please choose the period',
        },
        {
          name: 'days',
          kind: 'integer',
          label: 'Number of days',
          hint: 'From the day the permit is issued, up to 90 days',
          min: 1,
          max: 90,
          show_when: { field: 'period_type', equals: 'daily' },
          required_message: 'Please enter the number of days',
        },
        {
          name: 'purpose',
          kind: 'textarea',
          label: 'What the bays are for',
          hint: 'e.g. Staff and visitors of the head office',
          max: 500,
          required_message: 'Please say what the bays are for',
        },
      ],
    },
    {
      id: 'vehicles',
      title: 'Vehicles',
      helper: 'my-vehicles',
      description: 'The vehicles that may use the bays.',
      fields: [vehiclesGroup({ hint: 'Up to 20 vehicles', max: 20, withType: false })],
    },
    { id: 'check', title: 'Check your answers', component: 'check-answers' },
  ],
  fee: {
    rule: 'per-unit',
    params: {
      schedule: 'parking-reserved',
      key_fields: ['period_type'],
      count_field: 'bays',
      unit: 'bay',
      times: { field: 'days', unit: 'day' },
    },
  },
  derived: [
    { name: 'place', description: 'The road and the building, in words.' },
    { name: 'zone_code', description: "The road's parking zone." },
    { name: 'plates', description: 'The plates covered, as one line.', from: 'vehicles' },
    { name: 'period_text', description: 'The period in words: one year, or the number of days.' },
  ],
  workflow: 'pay-then-approve',
  produces: 'reserved-parking-permit',
  submit: {
    method: 'POST',
    success_message: 'Reserved parking application submitted successfully',
  },
  validity: { from_field: 'period_type', days: { yearly: 365 }, days_field: 'days' },
});

export default reservedParking;
