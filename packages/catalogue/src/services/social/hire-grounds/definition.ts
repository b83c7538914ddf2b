import { defineService } from '../../../define-service';
import { checkStep } from '../../business/shared-fields';

/**
 * Hire of a county ground (a park, gardens or open ground) for an event, for one or more whole
 * days: the hirer (an organisation or a person, named on the authority), the ground, the first and
 * last day, the event, its hours and expected attendance. The ground is a booking (decision 031):
 * one ground is never held by two bookings for one day, and an unpaid booking lets go after an
 * hour. Charged per day by ground plus a refundable deposit (schedules "grounds-hire" and
 * "grounds-deposit"); paid, then approved — the approval issues the authority to use the ground.
 */
export const hireGrounds = defineService({
  id: 'hire-grounds',
  route: '/permits/hire-grounds',
  area: 'social',
  title: 'Hire of County Grounds',
  description: 'Book a county park or ground for an event, for one or more days.',
  menu: true,
  order: 3,
  application_prefix: 'GRH',
  reference_field: 'event',
  holder_field: 'hirer_name',
  steps: [
    {
      id: 'hirer',
      title: 'Hirer',
      description: 'Who hires the ground: the name printed on the authority.',
      fields: [
        {
          name: 'hirer_name',
          kind: 'text',
          label: 'Name of the hirer',
          hint: 'The organisation, church, club or person hiring the ground, e.g. Eastlands Youth Football Association',
          min: 3,
          max: 120,
          example: 'Eastlands Youth Football Association',
          required_message: 'Please enter the name of the hirer',
        },
        {
          name: 'contact_phone',
          kind: 'phone',
          label: 'Contact phone number',
          hint: 'The county calls this number about the booking',
          example: '0722000222',
          required_message: 'Please enter a contact phone number',
        },
      ],
    },
    {
      id: 'booking',
      title: 'Ground and days',
      description: 'The ground is held for you for one hour until the booking is paid.',
      fields: [
        {
          name: 'ground',
          kind: 'select',
          label: 'Ground',
          options: { list: 'county-grounds' },
          example: 'KAMUKUNJI',
          required_message: 'Please select the ground',
        },
        {
          name: 'first_day',
          kind: 'date',
          label: 'First day',
          hint: 'At least 3 days from today',
          min_date: '+3d',
          max_date: '+1y',
          required_message: 'Please enter the first day',
        },
        {
          name: 'last_day',
          kind: 'date',
          label: 'Last day',
          hint: 'The same as the first day for one day',
          min_date: '+3d',
          max_date: '+1y',
          required_message: 'Please enter the last day',
        },
        {
          name: 'event',
          kind: 'text',
          label: 'Event',
          hint: 'What the ground is for, e.g. a football tournament final',
          min: 3,
          max: 120,
          example: 'Inter-ward youth football tournament final',
          required_message: 'Please enter the event',
        },
        {
          name: 'hours',
          kind: 'text',
          label: 'Hours',
          hint: 'e.g. 8 a.m. to 6 p.m.',
          max: 60,
          example: '8 a.m. to 6 p.m.',
          required_message: 'Please enter the hours',
        },
        {
          name: 'attendance',
          kind: 'integer',
          label: 'Expected attendance',
          hint: 'The most people expected at one time',
          min: 1,
          max: 200_000,
          example: 2000,
          required_message: 'Please enter the expected attendance',
        },
      ],
    },
    checkStep,
  ],
  booking: {
    resource: 'county-ground',
    resource_field: 'ground',
    date_field: 'first_day',
    end_date_field: 'last_day',
    hold_minutes: 60,
  },
  fee: {
    rule: 'sum',
    params: {
      rules: [
        {
          rule: 'per-day',
          params: {
            schedule: 'grounds-hire',
            key_fields: ['ground'],
            from_field: 'first_day',
            to_field: 'last_day',
          },
        },
        { rule: 'schedule', params: { schedule: 'grounds-deposit', key_fields: ['ground'] } },
      ],
    },
  },
  workflow: 'pay-then-approve',
  produces: 'ground-hire-authority',
  submit: { method: 'POST', success_message: 'Ground booked. Pay within one hour to keep it.' },
});

export default hireGrounds;
