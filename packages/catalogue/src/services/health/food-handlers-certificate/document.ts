import { defineDocument } from '../../../define-service';

/**
 * The county's medical certificate for the food handlers of one place of work: the handlers
 * examined, listed (name, ID number, phone, date of birth), at /downloads/health-certificate.
 * Valid six months, as the Food, Drugs and Chemical Substances Act asks of a food handler.
 */
export default defineDocument({
  name: 'food-handlers-certificate',
  title: "Food Handlers' Medical Certificate",
  description:
    'Certifies that the food handlers listed were medically examined and found fit to handle food.',
  download_route: '/downloads/health-certificate',
  verifiable: true,
  register: 'certificate',
  facts: [
    { label: 'Certificate number', field: 'number' },
    { label: 'Place of work', field: 'holder' },
    { label: 'Location', field: 'premises_location' },
    { label: 'Examined at', field: 'clinic_code' },
    { label: 'Date of examination', field: 'examination_date' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
    { label: 'Valid until', field: 'valid_until' },
  ],
  tables: [
    {
      title: 'Food handlers examined',
      field: 'handlers',
      columns: [
        { label: 'Name', key: 'full_name' },
        { label: 'ID number', key: 'id_number' },
        { label: 'Phone', key: 'phone' },
        { label: 'Date of birth', key: 'date_of_birth' },
      ],
    },
  ],
  body: [
    'This is to certify that the food handlers listed below, working at {holder}, have been medically examined under the Food, Drugs and Chemical Substances Act (Cap. 254) and the Public Health Act (Cap. 242), including the stool, urine and chest examinations required of food handlers, and were found free from communicable disease and fit to handle food (application {application_no}).',
  ],
  conditions: [
    'This certificate is valid for six (6) months from its date of issue.',
    'It covers only the persons listed on it, at the place of work named on it.',
    'It shall be kept at the place of work and produced on demand to a public health officer.',
    'A food handler shall report any illness, diarrhoea, skin infection or discharge to the employer and stop handling food until cleared.',
  ],
});
