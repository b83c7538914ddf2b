import { defineService } from '../../../define-service';

/**
 * Public toilets: the county's toilets (where, hours, fee, access; by distance where the visitor
 * allows it) and their entry fee or a monthly pass paid by M-Pesa with a phone number, no account
 * (workflow "ticket", core/tickets): the paid ticket's short code is what the attendant checks. A
 * single entry is paid each time (a visit); a monthly pass once a month per toilet and phone.
 * The toilet is the submit path's `{toilet_id}`; the fee its tariff row for the pass chosen
 * (schedule "public-toilets"). Faults are reported to the county on the page (areas/payments).
 */
export default defineService({
  id: 'public-toilets',
  route: '/public-toilets',
  area: 'payments',
  title: 'Public Toilets',
  description:
    'Find a county public toilet and pay its entry or a monthly pass by M-Pesa: no account needed.',
  menu: true,
  order: 3,
  application_prefix: 'WCT',
  reference_field: 'toilet_id',
  steps: [
    {
      id: 'pay',
      title: 'Pay for a toilet',
      fields: [
        {
          name: 'toilet_id',
          kind: 'select',
          label: 'Public toilet',
          options: { list: 'public-toilets' },
          example: 'KEN',
          invalid_message: 'Please choose a public toilet from the list',
          required_message: 'Please choose the public toilet',
        },
        {
          name: 'pass',
          kind: 'select',
          label: 'Pass',
          options: {
            static: [
              { value: 'single', label: 'One entry' },
              { value: 'monthly', label: 'Monthly pass' },
            ],
          },
          example: 'single',
          required_message: 'Please choose one entry or a monthly pass',
        },
        {
          name: 'phone_number',
          kind: 'phone',
          label: 'M-Pesa phone number',
          hint: 'The prompt for your M-Pesa PIN goes to this phone',
          example: '0712345678',
          required_message: 'Please enter the M-Pesa phone number',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'public-toilets', key_fields: ['toilet_id', 'pass'] } },
  workflow: 'ticket',
  produces: 'public-toilet-ticket',
  ticket: {
    once_per: ['toilet_id', 'pass', 'phone_number'],
    period: { from_field: 'pass', periods: { single: 'visit', monthly: 'month' } },
    holder: 'Public toilet visitor',
    number_prefix: 'WC',
    read_path: '/api/public-toilets/tickets/{ticket_id}',
  },
  submit: {
    method: 'POST',
    path: '/api/public-toilets/{toilet_id}/pay',
    success_message: 'Check your phone and enter your M-Pesa PIN to pay',
  },
});
