import { defineDocument } from '../../../define-service';

/** The cess ticket: proof that a load's cess was paid at a market or barrier on a day. */
export default defineDocument({
  name: 'market-cess-ticket',
  title: 'Market Cess Ticket',
  description: 'Proof that cess was paid on a load of produce at a market or county barrier on a day.',
  download_route: '/downloads/tickets',
  verifiable: true,
  register: 'ticket',
  validity_days: 1,
  facts: [
    { label: 'Ticket number', field: 'number' },
    { label: 'Vehicle', field: 'plate' },
    { label: 'Market or barrier', field: 'market_code' },
    { label: 'Produce', field: 'produce_code' },
    { label: 'Quantity', field: 'quantity' },
    { label: 'Day', field: 'issued_on' },
    { label: 'Amount paid', field: 'fee' },
  ],
  body: [
    'Cess on the load of vehicle {plate} at {market_code} on {issued_on} has been paid to the {county}. Show this ticket, or its QR code, to the county officer at the gate.',
  ],
  conditions: [
    'This ticket covers the vehicle, market or barrier, produce and quantity shown on it, on that day, until midnight.',
    'Produce beyond the quantity shown pays its own cess.',
  ],
});
