import { defineService } from '../../../define-service';
import { vehiclesGroup } from '../shared-fields';

/** The periods a season is bought for, and how many days each one runs. */
export const SEASON_PERIODS = [
  { value: 'monthly', label: 'One month', days: 30 },
  { value: 'quarterly', label: 'Three months', days: 91 },
  { value: 'yearly', label: 'One year', days: 365 },
] as const;

/**
 * Seasonal parking: a month, a quarter or a year of parking in a zone for one or several
 * vehicles, bought ahead and paid in one bill — a line per vehicle at the fee of its type, zone
 * and period (fee schedule "parking-seasonal", item "<zone>:<type>:<period>"). Issued as a
 * seasonal ticket as soon as it is paid; enforcement officers see the plates covered. Renewed
 * from /permits with the same answers.
 */
export const seasonalParking = defineService({
  id: 'seasonal-parking',
  route: '/seasonal-parking',
  area: 'parking',
  title: 'Seasonal Parking',
  description: 'Pay for a month, a quarter or a year of parking for one or more vehicles.',
  menu: true,
  order: 2,
  application_prefix: 'SPK',
  reference_field: 'zone_code',
  steps: [
    {
      id: 'season',
      title: 'Zone and period',
      description: 'Where the vehicles park, and for how long.',
      fields: [
        {
          name: 'zone_code',
          kind: 'select',
          label: 'Parking zone',
          options: { list: 'parking-zones' },
          example: 'Z1',
          required_message: 'Please choose the parking zone',
        },
        {
          name: 'period',
          kind: 'select',
          label: 'Period',
          hint: 'From the day it is paid',
          options: { static: SEASON_PERIODS.map(({ value, label }) => ({ value, label })) },
          required_message: 'Please choose the period',
        },
      ],
    },
    {
      id: 'vehicles',
      title: 'Vehicles',
      description: 'Every vehicle the season covers; the fee depends on its type.',
      helper: 'my-vehicles',
      fields: [vehiclesGroup({ hint: 'Up to 20 vehicles on one seasonal ticket', max: 20, withType: true })],
    },
    { id: 'check', title: 'Check your answers', component: 'check-answers' },
  ],
  fee: {
    rule: 'per-entry',
    params: {
      schedule: 'parking-seasonal',
      group: 'vehicles',
      key_fields: ['zone_code', 'vehicle_type', 'period'],
    },
  },
  derived: [
    { name: 'zone_name', description: 'The zone by its name.' },
    {
      name: 'vehicle_list',
      description: 'The vehicles with their type in words, as printed.',
      from: 'vehicles',
    },
    { name: 'plates', description: 'The plates covered, as one line.', from: 'vehicles' },
  ],
  workflow: 'instant',
  produces: 'seasonal-parking-ticket',
  submit: {
    method: 'POST',
    success_message: 'Seasonal parking application submitted successfully',
  },
  validity: {
    from_field: 'period',
    days: Object.fromEntries(SEASON_PERIODS.map((p) => [p.value, p.days])),
  },
});

export default seasonalParking;
