import { defineService } from '../../../define-service';

/**
 * Inoculation: a vaccination for travel or work (yellow fever, typhoid…) at a county clinic on a
 * chosen day, and its certificate. The person vaccinated may be the applicant or another (a child,
 * an employee): the certificate names the person on the form, with their own ID or passport
 * number (one source). Paid, then the clinic's officer records it (approves) and another issues
 * the certificate (four eyes). The fee is the vaccine's (schedule "inoculation").
 */
export default defineService({
  id: 'inoculation',
  route: '/inoculation',
  area: 'health',
  title: 'Inoculation',
  description: 'Book a vaccination for travel or work and get its certificate.',
  menu: true,
  order: 2,
  application_prefix: 'INO',
  reference_field: 'full_name',
  holder_field: 'full_name',
  holder_id_field: 'id_number',
  steps: [
    {
      id: 'person',
      title: 'Person to vaccinate',
      description: 'The certificate names this person.',
      fields: [
        {
          name: 'full_name',
          kind: 'text',
          label: 'Full name',
          hint: 'As in the ID card or passport',
          min: 3,
          max: 100,
          required_message: 'Please enter the full name',
          example: 'Akinyi Atieno Odhiambo',
        },
        {
          name: 'id_number',
          kind: 'text',
          label: 'ID or passport number',
          pattern: {
            regex: '[A-Za-z0-9]{6,9}',
            message: 'Please enter the ID or passport number: 6 to 9 letters or digits',
          },
          required_message: 'Please enter the ID or passport number',
          example: '30126554',
        },
        {
          name: 'date_of_birth',
          kind: 'date',
          label: 'Date of birth',
          max_date: 'today',
          required_message: 'Please enter the date of birth',
          example: '1994-03-12',
        },
      ],
    },
    {
      id: 'vaccination',
      title: 'Vaccination',
      description: 'The vaccine, where and when.',
      fields: [
        {
          name: 'vaccine_code',
          kind: 'select',
          label: 'Vaccine',
          options: { list: 'vaccines' },
          required_message: 'Please select the vaccine',
          example: 'YF',
        },
        {
          name: 'purpose',
          kind: 'select',
          label: 'Reason for the vaccination',
          options: {
            static: [
              { value: 'travel', label: 'Travel' },
              { value: 'work', label: 'Work' },
              { value: 'study', label: 'Study' },
            ],
          },
          required_message: 'Please select the reason for the vaccination',
          example: 'travel',
        },
        {
          name: 'destination',
          kind: 'text',
          label: 'Country of travel',
          show_when: { field: 'purpose', equals: 'travel' },
          max: 60,
          required_message: 'Please enter the country of travel',
          example: 'Ghana',
        },
        {
          name: 'clinic_code',
          kind: 'select',
          label: 'Clinic',
          options: { list: 'health-clinics' },
          required_message: 'Please select the clinic',
          example: 'CHC',
        },
        {
          name: 'vaccination_date',
          kind: 'date',
          label: 'Date of the vaccination',
          hint: 'A weekday within the next 60 days',
          min_date: 'today',
          max_date: '+60d',
          required_message: 'Please enter the date of the vaccination',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'inoculation', key_fields: ['vaccine_code'] } },
  workflow: 'pay-then-review',
  produces: 'vaccination-certificate',
  submit: { method: 'POST', success_message: 'Inoculation application submitted successfully' },
});
