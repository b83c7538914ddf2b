import { defineDocument } from '../../../define-service';

/** The letter transferring a county tenancy to its new tenant. */
export default defineDocument({
  name: 'tenancy-transfer-letter',
  title: 'Letter of Transfer of Tenancy',
  description: 'The county transfers a tenancy of a county house or unit to a new tenant.',
  download_route: '/downloads/letter-of-property',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Letter number', field: 'number' },
    { label: 'Tenancy', field: 'reference' },
    { label: 'House / unit', field: 'house' },
    { label: 'Monthly rent', field: 'monthly_rent' },
    { label: 'Transferred from', field: 'holder' },
    { label: 'Transferred to', field: 'new_tenant_name' },
    { label: "New tenant's ID number", field: 'new_tenant_id_number' },
    { label: 'Relationship', field: 'relationship' },
    { label: 'Reason', field: 'reason' },
    { label: 'Rent arrears cleared', field: 'arrears' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date', field: 'issued_on' },
  ],
  body: [
    'RE: TRANSFER OF TENANCY {reference}, {house}',
    'Following application {application_no}, the {county} has transferred the tenancy named above from {holder} to {new_tenant_name}, from {issued_on}, at a monthly rent of {monthly_rent}.',
    'The rent owed on the tenancy up to the transfer was cleared with the application. From the date of this letter the new tenant holds the tenancy on its terms, pays its rent and may register their own next of kin.',
  ],
});
