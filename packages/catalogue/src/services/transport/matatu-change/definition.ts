import { defineService } from '../../../define-service';
import { plateField } from '../../parking/shared-fields';

/**
 * Matatu change: a Sacco manager asks the county to record a change to one of the Sacco's
 * matatus — its route, its Sacco or its owner (the change types, `matatu-change-types`, each
 * with its fee: fee schedule "matatu-change"). Paid, then reviewed by a transport officer; once
 * issued, the change is made to the vehicle's record and an approval letter is issued.
 */
export const matatuChange = defineService({
  id: 'matatu-change',
  route: '/account/sacco-vehicles/change',
  area: 'transport',
  title: 'Matatu Change',
  description: 'Apply to change the route, Sacco or owner of one of your Sacco’s matatus.',
  menu: true,
  order: 1,
  application_prefix: 'MCH',
  reference_field: 'plate',
  steps: [
    {
      id: 'vehicle',
      title: 'Vehicle and change',
      description: 'A matatu of one of your Saccos, and what changes.',
      fields: [
        { ...plateField, hint: 'A vehicle of one of your Saccos, e.g. KCB 123A' },
        {
          name: 'change_type',
          kind: 'select',
          label: 'What changes',
          options: { list: 'matatu-change-types' },
          example: 'route',
          required_message: 'Please choose what changes',
        },
      ],
    },
    {
      id: 'details',
      title: 'The change',
      fields: [
        {
          name: 'new_route',
          kind: 'text',
          label: 'New route',
          hint: 'e.g. Route 46 Kawangware – CBD',
          min: 3,
          max: 120,
          show_when: { field: 'change_type', equals: 'route' },
          required_message: 'Please enter the new route',
        },
        {
          name: 'new_sacco_registration_no',
          kind: 'text',
          label: 'Registration number of the new Sacco',
          hint: 'As the Commissioner for Co-operatives registered it, e.g. CS/12345',
          pattern: {
            regex: '^CS/\\d{3,6}$',
            message: 'Please enter the Sacco registration number, e.g. CS/12345',
          },
          example: 'CS/12345',
          show_when: { field: 'change_type', equals: 'sacco' },
          required_message: 'Please enter the registration number of the new Sacco',
        },
        {
          name: 'new_owner_name',
          kind: 'text',
          label: 'Name of the new owner',
          min: 3,
          max: 120,
          show_when: { field: 'change_type', equals: 'owner' },
          required_message: 'Please enter the name of the new owner',
        },
        {
          name: 'new_owner_phone',
          kind: 'phone',
          label: "The new owner's phone number",
          show_when: { field: 'change_type', equals: 'owner' },
          required_message: "Please enter the new owner's phone number",
        },
        {
          name: 'reason',
          kind: 'textarea',
          label: 'Why it changes',
          max: 500,
          required_message: 'Please say why it changes',
        },
      ],
    },
    { id: 'check', title: 'Check your answers', component: 'check-answers' },
  ],
  fee: { rule: 'schedule', params: { schedule: 'matatu-change', key_fields: ['change_type'] } },
  derived: [
    { name: 'sacco_name', description: 'The Sacco the vehicle is in now.' },
    { name: 'change_text', description: 'The change in words, as the letter prints it.' },
  ],
  workflow: 'pay-then-approve',
  produces: 'matatu-change-approval',
  submit: {
    method: 'POST',
    success_message: 'Matatu change application submitted successfully',
  },
});

export default matatuChange;
