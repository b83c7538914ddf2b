import { defineDocument } from '../../../define-service';

/**
 * The county's certificate of vaccination: personal (the person named on the form, with their own
 * ID or passport number), printed at /downloads/health-certificate. No validity of its own: a
 * vaccine's protection is for the traveller's destination to judge (yellow fever: life).
 */
export default defineDocument({
  name: 'vaccination-certificate',
  title: 'Certificate of Vaccination',
  description: 'Certifies that a person was vaccinated at a county clinic.',
  download_route: '/downloads/health-certificate',
  verifiable: true,
  register: 'certificate',
  personal: true,
  facts: [
    { label: 'Certificate number', field: 'number' },
    { label: 'Name', field: 'holder' },
    { label: 'ID or passport number', field: 'holder_id' },
    { label: 'Date of birth', field: 'date_of_birth' },
    { label: 'Vaccine', field: 'vaccine_code' },
    { label: 'Reason', field: 'purpose' },
    { label: 'Clinic', field: 'clinic_code' },
    { label: 'Date of vaccination', field: 'vaccination_date' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
  ],
  body: [
    'This is to certify that {holder}, ID or passport number {holder_id}, was vaccinated as shown above at a clinic of the {county} under the Public Health Act (Cap. 242), application {application_no}.',
  ],
  conditions: [
    'This certificate is personal: it covers only the person named on it.',
    'A traveller shall carry it with the International Certificate of Vaccination where the destination asks for one.',
    'A booster, where the vaccine needs one, is the holder’s to take in time.',
    'Any person who forges or alters this certificate commits an offence.',
  ],
});
