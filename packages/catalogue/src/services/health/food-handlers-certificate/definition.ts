import { defineService } from '../../../define-service';

/**
 * Food handlers' medical certificate: an employer (or a food handler alone) applies for the
 * medical examination of its food handlers — a repeating group of people (name, ID number, phone,
 * date of birth) — at a county clinic on a chosen day. The fee is per handler (schedule
 * "food-handlers", × the handlers listed). Paid, then reviewed: the clinic's officer records the
 * results by approving (a handler not found fit is taken off the list through a request for
 * information first, the fee of the rest refunded), another officer issues (four eyes). One
 * certificate lists the handlers examined, printed at /downloads/health-certificate, valid six
 * months, as the Food, Drugs and Chemical Substances Act asks.
 */
export default defineService({
  id: 'food-handlers-certificate',
  route: '/food-handlers-certificate',
  area: 'health',
  title: "Food Handlers' Medical Certificate",
  description: 'Book the medical examination of food handlers and get their certificate.',
  menu: true,
  order: 1,
  application_prefix: 'FHM',
  reference_field: 'place_of_work',
  holder_field: 'place_of_work',
  steps: [
    {
      id: 'employer',
      title: 'Place of work',
      description: 'Where the food handlers work.',
      fields: [
        {
          name: 'applicant_type',
          kind: 'select',
          label: 'Who is applying',
          options: {
            static: [
              { value: 'employer', label: 'An employer, for its food handlers' },
              { value: 'individual', label: 'A food handler, for themself' },
            ],
          },
          required_message: 'Please select who is applying',
          example: 'employer',
        },
        {
          name: 'place_of_work',
          kind: 'text',
          label: 'Name of the food business',
          hint: 'The hotel, restaurant, school kitchen or shop where the handlers work',
          min: 3,
          max: 120,
          required_message: 'Please enter the name of the food business',
          example: 'Mama Oliech Restaurant',
        },
        {
          name: 'premises_location',
          kind: 'text',
          label: 'Location of the premises',
          hint: 'The building, road and estate',
          min: 3,
          max: 200,
          required_message: 'Please enter the location of the premises',
          example: 'Marcus Garvey House, Marcus Garvey Road, Kilimani',
        },
      ],
    },
    {
      id: 'handlers',
      title: 'Food handlers',
      description: 'Everyone to be examined. Each brings their ID card to the clinic.',
      fields: [
        {
          name: 'handlers',
          kind: 'group',
          label: 'Food handlers',
          entry_label: 'Food handler',
          add_label: 'Add another food handler',
          min: 1,
          max: 50,
          required_message: 'Please add at least one food handler',
          fields: [
            {
              name: 'full_name',
              kind: 'text',
              label: 'Full name',
              hint: 'As in the ID card',
              min: 3,
              max: 100,
              required_message: 'Please enter the full name',
              example: 'Akinyi Atieno Odhiambo',
            },
            {
              name: 'id_number',
              kind: 'text',
              label: 'ID number',
              pattern: { regex: '\\d{7,8}', message: 'Please enter the ID number: 7 or 8 digits' },
              required_message: 'Please enter the ID number',
              example: '30126554',
            },
            {
              name: 'phone',
              kind: 'phone',
              label: 'Phone number',
              required_message: 'Please enter the phone number',
              example: '0722000111',
            },
            {
              name: 'date_of_birth',
              kind: 'date',
              label: 'Date of birth',
              hint: 'A food handler is at least 18 years old',
              max_date: '-18y',
              required_message: 'Please enter the date of birth',
              example: '1994-03-12',
            },
          ],
        },
      ],
    },
    {
      id: 'examination',
      title: 'Examination',
      description: 'Where and when the handlers are examined.',
      fields: [
        {
          name: 'clinic_code',
          kind: 'select',
          label: 'Clinic',
          options: { list: 'health-clinics' },
          required_message: 'Please select the clinic',
          example: 'CHC',
        },
        {
          name: 'examination_date',
          kind: 'date',
          label: 'Date of the examination',
          hint: 'A weekday within the next 30 days',
          min_date: 'today',
          max_date: '+30d',
          required_message: 'Please enter the date of the examination',
        },
      ],
    },
  ],
  fee: {
    rule: 'per-unit',
    params: { schedule: 'food-handlers', item: 'examination', count_field: 'handlers', unit: 'food handler' },
  },
  workflow: 'pay-then-review',
  produces: 'food-handlers-certificate',
  submit: {
    method: 'POST',
    success_message: "Food handlers' certificate application submitted successfully",
  },
  validity: { days: 182 },
});
