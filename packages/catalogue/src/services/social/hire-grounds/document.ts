import { defineDocument } from '../../../define-service';

/** The authority to use a county ground on the days booked (the registered grounds template prints one date line; this one the first and last day). */
export default defineDocument({
  name: 'ground-hire-authority',
  title: 'Authority to Use County Grounds',
  description: 'The authority to hold an event on a county park or ground on the days booked.',
  download_route: '/downloads/authority-to-use-grounds',
  verifiable: true,
  register: 'permit',
  facts: [
    { label: 'Authority number', field: 'number' },
    { label: 'Hirer', field: 'holder' },
    { label: 'Ground', field: 'ground' },
    { label: 'Event', field: 'event' },
    { label: 'First day', field: 'first_day' },
    { label: 'Last day', field: 'last_day' },
    { label: 'Hours', field: 'hours' },
    { label: 'Expected attendance', field: 'attendance' },
    { label: 'Hire charges paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
  ],
  body: [
    'The {county} authorises {holder} to use {ground} for the event, days and hours stated above, the hire charges and the refundable deposit having been paid.',
  ],
  conditions: [
    'The ground shall be used only for the event, days and hours stated.',
    'The hirer shall obtain any police notification, noise or liquor permit the event requires.',
    'The hirer shall provide security, first aid and sanitation for the expected attendance.',
    'The ground shall be left clean and undamaged; the refundable deposit covers any cleaning or repair.',
    'This authority may be withdrawn for reasons of public order or safety, with a refund of the charges.',
  ],
});
