import { defineService } from '../../../define-service';

/**
 * Mortuary services: the next of kin applies to admit a body to a county mortuary or to release
 * it, and pays its storage. The deceased, the mortuary, the day the body was admitted (today or
 * before) and the day of release (today or after, so at least one day is kept), the next of kin.
 * Storage is charged per day, both days counted (the engine's `per-day` rule, schedule
 * "mortuary", by adult or child); a release adds its fee and needs the burial permit's number.
 * Paid, then reviewed (four eyes); the release authority is a letter at /downloads/official-letter.
 */
export default defineService({
  id: 'mortuary-service-application',
  route: '/mortuary-service-application',
  area: 'health',
  title: 'Mortuary Services',
  description: 'Admit a body to a county mortuary or have it released, and pay its storage.',
  menu: true,
  order: 6,
  application_prefix: 'MOR',
  reference_field: 'deceased_name',
  holder_field: 'nok_name',
  steps: [
    {
      id: 'deceased',
      title: 'The deceased',
      fields: [
        {
          name: 'deceased_name',
          kind: 'text',
          label: 'Full name of the deceased',
          min: 3,
          max: 100,
          required_message: 'Please enter the full name of the deceased',
          example: 'Joseph Kamau Mwangi',
        },
        {
          name: 'deceased_id_number',
          kind: 'text',
          label: 'ID number of the deceased',
          hint: 'Leave empty for a child, or when it is not known',
          required: false,
          pattern: { regex: '\\d{7,8}', message: 'Please enter the ID number: 7 or 8 digits' },
          example: '10234567',
        },
        {
          name: 'age_group',
          kind: 'select',
          label: 'Age',
          options: {
            static: [
              { value: 'adult', label: 'Adult (18 years or older)' },
              { value: 'child', label: 'Child (under 18 years)' },
            ],
          },
          required_message: 'Please select the age',
          example: 'adult',
        },
        {
          name: 'date_of_death',
          kind: 'date',
          label: 'Date of death',
          min_date: '-1y',
          max_date: 'today',
          required_message: 'Please enter the date of death',
        },
      ],
    },
    {
      id: 'service',
      title: 'Mortuary and days',
      description: 'Storage is charged for each day from admission to release, both days counted.',
      fields: [
        {
          name: 'request_type',
          kind: 'select',
          label: 'Service',
          options: {
            static: [
              { value: 'admission', label: 'Admission: the body is brought to the mortuary' },
              { value: 'release', label: 'Release: the body is collected for burial or cremation' },
            ],
          },
          required_message: 'Please select the service',
          example: 'release',
        },
        {
          name: 'mortuary_code',
          kind: 'select',
          label: 'Mortuary',
          options: { list: 'mortuaries' },
          required_message: 'Please select the mortuary',
          example: 'CTM',
        },
        {
          name: 'admission_date',
          kind: 'date',
          label: 'Day the body was admitted',
          hint: 'Today, or an earlier day',
          min_date: '-1y',
          max_date: 'today',
          required_message: 'Please enter the day the body was admitted',
        },
        {
          name: 'release_date',
          kind: 'date',
          label: 'Day of release',
          hint: 'Today or a later day: storage is paid up to this day',
          min_date: 'today',
          max_date: '+90d',
          required_message: 'Please enter the day of release',
        },
        {
          name: 'burial_permit_no',
          kind: 'text',
          label: 'Burial permit number',
          hint: 'From the civil registration office',
          show_when: { field: 'request_type', equals: 'release' },
          pattern: {
            regex: '[A-Za-z0-9/-]{4,20}',
            message: 'Please enter the burial permit number: 4 to 20 letters, digits, / or -',
          },
          required_message: 'Please enter the burial permit number',
          example: 'BP-0457812',
        },
      ],
    },
    {
      id: 'next-of-kin',
      title: 'Next of kin',
      description: 'The person the body is released to.',
      fields: [
        {
          name: 'nok_name',
          kind: 'text',
          label: 'Full name of the next of kin',
          min: 3,
          max: 100,
          required_message: 'Please enter the full name of the next of kin',
          example: 'Grace Wanjiru Kamau',
        },
        {
          name: 'nok_id_number',
          kind: 'text',
          label: 'ID number of the next of kin',
          pattern: { regex: '\\d{7,8}', message: 'Please enter the ID number: 7 or 8 digits' },
          required_message: 'Please enter the ID number of the next of kin',
          example: '28765432',
        },
        {
          name: 'nok_relationship',
          kind: 'select',
          label: 'Relationship to the deceased',
          options: {
            static: [
              { value: 'spouse', label: 'Spouse' },
              { value: 'child', label: 'Son or daughter' },
              { value: 'parent', label: 'Parent' },
              { value: 'sibling', label: 'Brother or sister' },
              { value: 'relative', label: 'Another relative' },
            ],
          },
          required_message: 'Please select the relationship',
          example: 'spouse',
        },
        {
          name: 'nok_phone',
          kind: 'phone',
          label: 'Phone number of the next of kin',
          required_message: 'Please enter the phone number of the next of kin',
          example: '0722000111',
        },
      ],
    },
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        {
          rule: 'per-day',
          params: {
            schedule: 'mortuary',
            key_fields: ['age_group'],
            from_field: 'admission_date',
            to_field: 'release_date',
          },
        },
        { rule: 'fixed', params: { schedule: 'mortuary', item: 'release' }, when: 'burial_permit_no' },
      ],
    },
  },
  workflow: 'pay-then-review',
  produces: 'mortuary-release-authority',
  submit: { method: 'POST', success_message: 'Mortuary services application submitted successfully' },
});
