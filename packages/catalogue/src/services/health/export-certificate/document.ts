import { defineDocument } from '../../../define-service';

/**
 * The county's health certificate for a consignment of food for export, at
 * /downloads/health-certificate: the exporter, the product lines inspected, the destination and
 * the port of exit. Valid 30 days for shipment.
 */
export default defineDocument({
  name: 'export-health-certificate',
  title: 'Export Health Certificate',
  description:
    'Certifies that a consignment of food for export was inspected and found fit for human consumption.',
  download_route: '/downloads/health-certificate',
  verifiable: true,
  register: 'certificate',
  facts: [
    { label: 'Certificate number', field: 'number' },
    { label: 'Exporter', field: 'holder' },
    { label: 'KRA PIN', field: 'exporter_kra_pin' },
    { label: 'Country of destination', field: 'destination_country' },
    { label: 'Port of exit', field: 'port_of_exit' },
    { label: 'Inspected at', field: 'inspection_place' },
    { label: 'Date of inspection', field: 'inspection_date' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
    { label: 'Valid until', field: 'valid_until' },
  ],
  tables: [
    {
      title: 'Consignment',
      field: 'products',
      columns: [
        { label: 'Product', key: 'product' },
        { label: 'Quantity', key: 'quantity' },
        { label: 'Unit', key: 'unit' },
      ],
    },
  ],
  body: [
    'This is to certify that the consignment listed below, of {holder}, was inspected by a public health officer of the {county} at the place and on the date shown, under the Public Health Act (Cap. 242) and the Food, Drugs and Chemical Substances Act (Cap. 254), and was found wholesome, free from contamination and fit for human consumption (application {application_no}).',
  ],
  conditions: [
    'This certificate covers only the consignment listed on it, shipped through the port of exit shown.',
    'It is valid for thirty (30) days from its date of issue; a consignment shipped later shall be inspected again.',
    'It does not replace a phytosanitary or veterinary certificate, or any permit the country of destination requires.',
    'Any person who alters this certificate, or uses it for another consignment, commits an offence.',
  ],
});
