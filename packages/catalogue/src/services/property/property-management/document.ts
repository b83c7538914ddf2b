import { defineDocument } from '../../../define-service';

/** The county's letter on a property management request: a place on the waiting list, or a repair done. */
export default defineDocument({
  name: 'property-management-letter',
  title: 'Property Management Letter',
  description:
    "The county's letter on a request about its houses: registration on an estate's waiting list, or a repair carried out.",
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Letter number', field: 'number' },
    { label: 'Addressed to', field: 'holder' },
    { label: 'Request', field: 'request' },
    { label: 'Estate', field: 'estate' },
    { label: 'Kind of unit', field: 'unit_use' },
    { label: 'Place on the waiting list', field: 'waiting_place' },
    { label: 'Tenancy', field: 'reference' },
    { label: 'House', field: 'house' },
    { label: 'Repair', field: 'repair_kind' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date', field: 'issued_on' },
  ],
  body: [
    'RE: YOUR REQUEST {application_no}',
    'The {county} has dealt with your request as set out above. On the waiting list, houses and units are allocated in the order of the list as they fall vacant; the estates office will write to you when your turn comes, and your place may be seen on your account.',
    'For a repair, this letter confirms that the work has been carried out and the request closed. If the problem returns, please report it again.',
  ],
});
