import { defineDocument } from '../../../define-service';

/** A public toilet's ticket: one entry that day, or a month's pass. */
export default defineDocument({
  name: 'public-toilet-ticket',
  title: 'Public Toilet Ticket',
  description: "Proof that a public toilet's entry or monthly pass was paid.",
  download_route: '/downloads/tickets',
  verifiable: true,
  register: 'ticket',
  facts: [
    { label: 'Ticket number', field: 'number' },
    { label: 'Public toilet', field: 'toilet_id' },
    { label: 'Pass', field: 'pass' },
    { label: 'Valid until', field: 'valid_until' },
    { label: 'Amount paid', field: 'fee' },
  ],
  body: ['Paid to the {county} for {toilet_id}. Show the code below to the attendant.'],
  conditions: [
    'One entry is valid for one visit on the day it was paid; a monthly pass for the month shown, at this toilet.',
  ],
});
