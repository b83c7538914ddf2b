import { defineService } from '../../../define-service';

/**
 * Market cess: a lorry bringing produce into a market, or through a county barrier, pays cess by
 * the load at the gate, with no account: plate, market or barrier, produce, quantity and the
 * M-Pesa phone → the amount → the prompt → a ticket that turns paid, with its QR code
 * (workflow "ticket", core/tickets). The same plate, market, produce and day is one thing paid for:
 * never charged twice. The plate check of the county's enforcement officers shows it.
 * The fee is the produce's tariff row (schedule "market-cess") times the quantity.
 */
export default defineService({
  id: 'market-cess',
  route: '/markets/cess',
  area: 'markets',
  title: 'Market Cess',
  description: 'Pay cess on produce at a market gate or county barrier by M-Pesa: no account needed.',
  menu: true,
  order: 2,
  application_prefix: 'CES',
  reference_field: 'plate',
  steps: [
    {
      id: 'cess',
      title: 'Your load',
      fields: [
        {
          name: 'plate',
          kind: 'plate',
          label: 'Number plate',
          hint: 'Of the lorry or vehicle carrying the produce, e.g. KDA 123A',
          placeholder: 'KDA 123A',
          example: 'KCB 442T',
          required_message: 'Please enter the number plate',
        },
        {
          name: 'market_code',
          kind: 'select',
          label: 'Market or barrier',
          options: { list: 'markets' },
          example: 'WAK',
          invalid_message: 'Please choose a market or barrier from the list',
          required_message: 'Please choose the market or barrier',
        },
        {
          name: 'produce_code',
          kind: 'select',
          label: 'Produce',
          options: { list: 'cess-produce' },
          example: 'POT',
          invalid_message: 'Please choose the produce from the list',
          required_message: 'Please choose the produce',
        },
        {
          name: 'quantity',
          kind: 'integer',
          label: 'Quantity',
          hint: 'How many of the produce’s unit: bags, crates, bunches or tonnes',
          min: 1,
          max: 10000,
          example: 40,
          required_message: 'Please enter the quantity',
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
  fee: {
    rule: 'per-unit',
    params: { schedule: 'market-cess', key_fields: ['produce_code'], count_field: 'quantity', unit: 'unit' },
  },
  workflow: 'ticket',
  // On the USSD menu too (issue 42): its screens are these fields; the caller's phone pays.
  ussd: true,
  produces: 'market-cess-ticket',
  ticket: {
    once_per: ['plate', 'market_code', 'produce_code'],
    period: 'day',
    plate_field: 'plate',
    holder: 'Vehicle {plate}',
    number_prefix: 'CESS',
    read_path: '/api/markets/cess/{ticket_id}',
  },
  submit: {
    method: 'POST',
    path: '/api/markets/cess',
    success_message: 'Check your phone and enter your M-Pesa PIN to pay',
  },
  validity: { days: 1 },
});
