import { defineDocument } from '../../../define-service';

/** The letter allocating a market stall to a trader. */
export default defineDocument({
  name: 'market-stall-allocation-letter',
  title: 'Market Stall Allocation Letter',
  description: 'The county allocates a stall in one of its markets to a trader, at a monthly rent.',
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Letter number', field: 'number' },
    { label: 'Trader', field: 'holder' },
    { label: 'Market', field: 'market_code' },
    { label: 'Stall', field: 'stall_no' },
    { label: 'Kind of stall', field: 'stall_type' },
    { label: 'Goods sold', field: 'goods_sold' },
    { label: 'Monthly rent', field: 'monthly_rent' },
    { label: 'Allocation fee paid', field: 'fee' },
    { label: 'Date', field: 'issued_on' },
  ],
  // What the demo letter prints of the values allocated at issue (decision 035).
  example: {
    number: 'STL-2026-900101',
    holder: 'Achieng Atieno Ouma',
    values: { stall_no: 'WAK-OS-014', monthly_rent: 'KES 1,500.00' },
  },
  body: [
    'RE: ALLOCATION OF MARKET STALL {stall_no}',
    'Following your application {application_no}, the {county} allocates you the stall named above, to sell the goods named above.',
    'The monthly rent is due by the 10th of each month, from this month; a month unpaid after its due day adds a late penalty. Pay it by M-Pesa on the portal’s Markets page, where your balance and statement are shown.',
    'The stall may not be sublet or transferred without the county’s written consent.',
  ],
});
