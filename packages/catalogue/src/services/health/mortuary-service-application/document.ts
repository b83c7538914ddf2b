import { defineDocument } from '../../../define-service';

/**
 * The county mortuary's release authority, a letter at /downloads/official-letter: the deceased,
 * the mortuary, storage paid from admission to the day of release, and the next of kin the body
 * is released to (on this letter, the burial permit and their ID card).
 */
export default defineDocument({
  name: 'mortuary-release-authority',
  title: 'Mortuary Release Authority',
  description:
    'Authorises a county mortuary to keep a body to the day shown and release it to the next of kin.',
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Authority number', field: 'number' },
    { label: 'Deceased', field: 'deceased_name' },
    { label: 'ID number of the deceased', field: 'deceased_id_number' },
    { label: 'Date of death', field: 'date_of_death' },
    { label: 'Service', field: 'request_type' },
    { label: 'Mortuary', field: 'mortuary_code' },
    { label: 'Admitted on', field: 'admission_date' },
    { label: 'Day of release', field: 'release_date' },
    { label: 'Burial permit', field: 'burial_permit_no' },
    { label: 'Next of kin', field: 'holder' },
    { label: 'ID number of the next of kin', field: 'nok_id_number' },
    { label: 'Relationship', field: 'nok_relationship' },
    { label: 'Charges paid', field: 'fee' },
    { label: 'Date of issue', field: 'issued_on' },
  ],
  body: [
    'The {county} authorises the mortuary named above to keep the body of {deceased_name} up to the day of release shown, its storage having been paid (application {application_no}).',
    'On that day, or earlier, the mortuary shall release the body to {holder}, the next of kin named above, on production of this letter, the burial permit and their national ID card.',
  ],
  conditions: [
    'A body kept after the day of release is charged storage for each further day before it is released.',
    'The body is released only to the next of kin named on this letter, or to a person they authorise in writing before the mortuary officer.',
    'A body is released for burial or cremation only with the burial permit of the civil registration office.',
    'Any person who alters this letter commits an offence.',
  ],
});
