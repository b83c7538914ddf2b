import { defineDocument } from '../../../define-service';

/** The letter confirming the next of kin of a county tenancy. */
export default defineDocument({
  name: 'next-of-kin-letter',
  title: 'Confirmation of Next of Kin',
  description: 'The county confirms the next of kin recorded on a tenancy of a county house or unit.',
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Letter number', field: 'number' },
    { label: 'Tenant', field: 'holder' },
    { label: 'Tenancy', field: 'reference' },
    { label: 'Next of kin', field: 'kin_name' },
    { label: 'ID number', field: 'kin_id_number' },
    { label: 'Relationship', field: 'relationship' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date', field: 'issued_on' },
  ],
  body: [
    'RE: NEXT OF KIN, TENANCY {reference}',
    'Following your application {application_no}, the {county} has recorded {kin_name} as the next of kin of the tenancy named above.',
    'The county will deal with the next of kin on the tenancy only as the law and the tenancy agreement allow; a change of next of kin needs a new application.',
  ],
});
