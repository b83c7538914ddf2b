import { defineService } from '../../../define-service';

/**
 * A stall in one of the county's markets: the trader chooses the market (the `stall-markets`
 * list: the markets area's markets that let stalls, barriers left out), the kind of stall (open
 * space, kiosk, lock-up, cold room) and says what they sell; the wizard shows the vacant stalls
 * of that kind there. An allocation fee by the kind of stall; paid, then reviewed with four eyes.
 * When issued, the markets area allocates the lowest-numbered vacant stall of that kind (decision
 * 035: allocated at issue, not chosen) — `stall_no`, printed on the allocation letter
 * (/downloads/official-letter) — and from then on its monthly rent is a standing charge of the
 * bills core, shown and paid on /markets.
 */
export default defineService({
  id: 'market-stalls',
  route: '/markets',
  area: 'markets',
  title: 'Markets and Stalls',
  description: "Apply for a stall in one of the county's markets, and pay its monthly rent by M-Pesa.",
  menu: true,
  order: 1,
  application_prefix: 'STL',
  reference_field: 'market_code',
  steps: [
    {
      id: 'stall',
      title: 'Market and stall',
      description: 'Where you want to trade, and the kind of stall.',
      fields: [
        {
          name: 'market_code',
          kind: 'select',
          label: 'Market',
          options: { list: 'stall-markets' },
          example: 'WAK',
          invalid_message: 'Please select a market from the list',
          required_message: 'Please choose the market',
        },
        {
          name: 'stall_type',
          kind: 'select',
          label: 'Kind of stall',
          hint: 'An open space is a marked pitch on the market floor; a lock-up closes with a door',
          options: {
            static: [
              { value: 'open-space', label: 'Open space' },
              { value: 'kiosk', label: 'Kiosk' },
              { value: 'lock-up', label: 'Lock-up stall' },
              { value: 'cold-room', label: 'Cold room' },
            ],
          },
          example: 'open-space',
          required_message: 'Please choose the kind of stall',
        },
      ],
    },
    {
      id: 'trade',
      title: 'Your trade',
      description: 'The vacant stalls of that kind at the market, and what you will sell.',
      helper: 'vacant-stalls',
      fields: [
        {
          name: 'goods_sold',
          kind: 'text',
          label: 'Goods you will sell',
          hint: 'e.g. tomatoes, onions and sukuma wiki; second-hand clothes; fish',
          example: 'Tomatoes, onions and sukuma wiki',
          required_message: 'Please say what goods you will sell',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'market-stall-allocation', key_fields: ['stall_type'] } },
  derived: [
    {
      name: 'stall_no',
      description:
        'The stall the markets area allocates when the application is issued (the lowest-numbered vacant one).',
    },
    {
      name: 'monthly_rent',
      description: "The allocated stall's monthly rent in words (KES), as the letter prints it.",
    },
  ],
  workflow: 'pay-then-review',
  produces: 'market-stall-allocation-letter',
  submit: { method: 'POST', success_message: 'Your stall application has been submitted' },
});
