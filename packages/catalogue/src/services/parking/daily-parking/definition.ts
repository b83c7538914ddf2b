import { defineService } from '../../../define-service';

/** The vehicle types daily parking is charged by (Finance Act 2023); the fee of each zone and type is a tariff row. */
export const VEHICLE_TYPES = [
  { value: 'saloon', label: 'Saloon car' },
  { value: 'van', label: 'Van or pick-up' },
  { value: 'lorry-5t', label: 'Lorry or minibus up to 5 tonnes' },
  { value: 'lorry-over-5t', label: 'Lorry over 5 tonnes' },
  { value: 'trailer', label: 'Trailer' },
  { value: 'bus', label: 'Non-PSV bus' },
  { value: 'motorbike', label: 'Motorbike' },
  { value: 'tuk-tuk', label: 'Tuk-tuk' },
] as const;

/**
 * Daily parking: a motorist pays a day's parking for a plate in a zone by M-Pesa, next to the car,
 * with no account (signed in, it is kept with their account too). No application is kept
 * (workflow "direct"): `POST /api/parking/daily` raises the day's bill — one per plate, zone and
 * day — sends the M-Pesa prompt and answers the ticket, issued as soon as the bill is paid.
 * The fee is the zone's for the vehicle type (fee schedule "parking-daily", item "<zone>:<type>").
 */
export const dailyParking = defineService({
  id: 'daily-parking',
  route: '/parking',
  area: 'parking',
  title: 'Daily Parking',
  description: 'Pay for a day’s parking by M-Pesa: no account needed.',
  menu: true,
  order: 1,
  application_prefix: 'PKT',
  reference_field: 'plate',
  ussd: true,
  steps: [
    {
      id: 'parking',
      title: 'Your vehicle',
      fields: [
        {
          name: 'plate',
          kind: 'plate',
          label: 'Number plate',
          hint: 'As on the vehicle, e.g. KDA 123A',
          placeholder: 'KDA 123A',
          required_message: 'Please enter the number plate',
        },
        {
          name: 'zone_code',
          kind: 'select',
          label: 'Parking zone',
          options: { list: 'parking-zones' },
          example: 'Z1',
          required_message: 'Please choose the parking zone',
        },
        {
          name: 'vehicle_type',
          kind: 'select',
          label: 'Vehicle type',
          options: { static: VEHICLE_TYPES },
          required_message: 'Please choose the vehicle type',
        },
        {
          name: 'phone_number',
          kind: 'phone',
          label: 'M-Pesa phone number',
          hint: 'The prompt for your M-Pesa PIN goes to this phone',
          required_message: 'Please enter the M-Pesa phone number',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'parking-daily', key_fields: ['zone_code', 'vehicle_type'] } },
  derived: [
    { name: 'zone', description: "The zone by its name, as the ticket prints it (the parking area's)." },
  ],
  workflow: 'direct',
  produces: 'parking-ticket',
  submit: {
    method: 'POST',
    path: '/api/parking/daily',
    success_message: 'Check your phone and enter your M-Pesa PIN to pay',
  },
  validity: { days: 1 },
});

export default dailyParking;
