import { defineDocument } from '../../../define-service';

/** The county's letter confirming an essential service paid for, printed with its receipt. */
export default defineDocument({
  name: 'essential-service-letter',
  title: 'Essential service confirmation',
  description: 'Confirms that the county service named was paid for and will be provided.',
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Letter number', field: 'number' },
    { label: 'Department', field: 'essential_product' },
    { label: 'Service', field: 'sub_product' },
    { label: 'Kind of service', field: 'sub_product_2' },
    { label: 'Item', field: 'product_code' },
    { label: 'Quantity', field: 'quantity' },
    { label: 'Where', field: 'location' },
    { label: 'Date wanted', field: 'service_date' },
    { label: 'Amount paid', field: 'fee' },
  ],
  body: [
    'RE: ESSENTIAL SERVICE, APPLICATION {application_no}',
    'The {county} confirms that {holder} has paid for the service set out below, to be provided at {reference}. Present this letter to the county officer in charge when the service is provided.',
  ],
  conditions: [
    'The service is provided on the date wanted or, when the county’s schedule does not allow it, on the nearest date agreed with the department.',
    'This letter is valid for 90 days from its date. Check it on the county E-Verify page.',
  ],
  validity_days: 90,
});
