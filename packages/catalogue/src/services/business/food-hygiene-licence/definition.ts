import { defineService } from '../../../define-service';
import { activityField, businessFields, premisesFields } from '../shared-fields';

/**
 * Food hygiene licence: the yearly licence of premises where food is prepared, stored or sold,
 * after a public health officer's inspection (the Public Health Act and the Food, Drugs and
 * Chemical Substances Act). The business (the area's business finder, as pest control), the food
 * premises (its name, kind and food handlers), the day asked for the inspection and where it
 * trades. The fee is by the kind of food business (schedule "food-hygiene"). Paid, then reviewed:
 * the inspecting officer approves, another issues (four eyes), from the registered
 * food-hygiene-licence template (/downloads/food-and-hygiene), valid a year. A business area
 * service, so the licence joins the business's permits (/permits, renewal and reminders).
 */
export default defineService({
  id: 'food-hygiene-licence',
  route: '/food-hygiene-licence',
  area: 'business',
  title: 'Food Hygiene Licence',
  description: 'Apply for the yearly licence of premises where food is prepared, stored or sold.',
  menu: true,
  order: 4,
  application_prefix: 'FHL',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business that will hold the licence.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'food-premises',
      title: 'Food premises',
      description: 'What is prepared, stored or sold, and by how many people.',
      fields: [
        activityField,
        {
          name: 'premises_name',
          kind: 'text',
          label: 'Name of the food premises',
          hint: 'As it is known to customers',
          min: 3,
          max: 120,
          required_message: 'Please enter the name of the food premises',
          example: 'Mama Oliech Restaurant',
        },
        {
          name: 'food_business_type',
          kind: 'select',
          label: 'Kind of food business',
          options: {
            static: [
              { value: 'restaurant', label: 'Restaurant, hotel or café' },
              { value: 'eatery', label: 'Small eatery or food kiosk' },
              { value: 'butchery', label: 'Butchery' },
              { value: 'bakery', label: 'Bakery' },
              { value: 'supermarket', label: 'Supermarket or food shop' },
              { value: 'institution', label: 'School, hospital or office kitchen' },
              { value: 'factory', label: 'Food factory or processor' },
            ],
          },
          required_message: 'Please select the kind of food business',
          example: 'restaurant',
        },
        {
          name: 'handlers_count',
          kind: 'integer',
          label: 'Number of food handlers',
          hint: 'Each needs a valid medical certificate',
          min: 1,
          max: 1_000,
          required_message: 'Please enter the number of food handlers',
          example: 6,
        },
        {
          name: 'inspection_date',
          kind: 'date',
          label: 'Day asked for the inspection',
          hint: 'A weekday within the next 30 days',
          min_date: 'today',
          max_date: '+30d',
          required_message: 'Please enter the day asked for the inspection',
        },
      ],
    },
    {
      id: 'premises',
      title: 'Premises',
      description: 'Where the food business trades.',
      fields: premisesFields,
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'food-hygiene', key_fields: ['food_business_type'] } },
  derived: [
    { name: 'activity_name', description: 'The activity by its name.' },
    { name: 'address', description: 'The postal address with its code and post office.' },
  ],
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'food-hygiene-licence',
  submit: { method: 'POST', success_message: 'Food hygiene licence application submitted successfully' },
});
