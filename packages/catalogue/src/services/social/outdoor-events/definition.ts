import { defineService } from '../../../define-service';
import { checkStep } from '../../business/shared-fields';
import { subCountyField, wardField } from '../../land/shared-fields';

/**
 * The permit to hold an outdoor event or festival (a concert, a crusade, a sports day, a street
 * festival): the organiser (an organisation, whose name is public), the event, its venue and
 * dates, the expected attendance, and the security and medical arrangements (uploads). The fee
 * is by attendance band (schedule "outdoor-events"); paid, then approved — the approval issues
 * the permit. An issued event has a public page (`/social/event/{id}`) saying whether its permit
 * stands.
 */
export const outdoorEvents = defineService({
  id: 'outdoor-events',
  route: '/outdoor-events',
  area: 'social',
  title: 'Outdoor Event Permit',
  description: 'Apply for the permit to hold an outdoor event, concert or festival in the county.',
  menu: true,
  order: 2,
  application_prefix: 'EVT',
  reference_field: 'event_name',
  holder_field: 'organiser_name',
  steps: [
    {
      id: 'organiser',
      title: 'Organiser',
      description: 'The organisation holding the event: its name is shown on the public page of the event.',
      fields: [
        {
          name: 'organiser_name',
          kind: 'text',
          label: 'Organising organisation',
          hint: 'A company, association, church or group, e.g. Eastlands Arts Collective',
          max: 120,
          min: 2,
          example: 'Eastlands Arts Collective',
          required_message: 'Please enter the name of the organising organisation',
        },
        {
          name: 'organiser_registration',
          kind: 'text',
          label: 'Registration number of the organisation',
          hint: 'e.g. PVT-7LU2XQ8B, CBO/NRB/2019/0412',
          max: 30,
          pattern: {
            regex: '[A-Za-z0-9][A-Za-z0-9./ -]{2,29}',
            message: 'Please enter the registration number as on the certificate, e.g. PVT-7LU2XQ8B',
          },
          example: 'CBO/NRB/2019/0412',
          required_message: 'Please enter the registration number of the organisation',
        },
        {
          name: 'contact_name',
          kind: 'text',
          label: 'Contact person',
          hint: 'Whom county officers call about the event (never shown in public)',
          max: 100,
          example: 'Brian Otieno Ouma',
          required_message: 'Please enter the name of the contact person',
        },
        {
          name: 'contact_phone',
          kind: 'phone',
          label: "Contact person's phone number",
          example: '0722556677',
          required_message: "Please enter the contact person's phone number",
        },
      ],
    },
    {
      id: 'event',
      title: 'Event',
      description: 'What, where and when.',
      fields: [
        {
          name: 'event_name',
          kind: 'text',
          label: 'Name of the event',
          max: 120,
          min: 3,
          example: 'Eastlands Street Arts Festival',
          required_message: 'Please enter the name of the event',
        },
        {
          name: 'event_type',
          kind: 'select',
          label: 'Kind of event',
          options: {
            static: [
              { value: 'concert', label: 'Concert or music show' },
              { value: 'festival', label: 'Festival or cultural event' },
              { value: 'religious', label: 'Religious gathering or crusade' },
              { value: 'sports', label: 'Sports event, race or walk' },
              { value: 'exhibition', label: 'Exhibition, fair or market day' },
              { value: 'procession', label: 'Procession or street parade' },
            ],
          },
          example: 'festival',
          required_message: 'Please choose the kind of event',
        },
        {
          name: 'venue',
          kind: 'text',
          label: 'Venue',
          hint: 'The ground, road or place, e.g. Kamukunji Grounds',
          max: 160,
          min: 3,
          example: 'Kamukunji Grounds',
          required_message: 'Please enter the venue',
        },
        subCountyField,
        wardField,
        {
          name: 'starts_on',
          kind: 'date',
          label: 'First day',
          min_date: '+7d',
          max_date: '+1y',
          required_message: 'Please enter the first day of the event',
        },
        {
          name: 'ends_on',
          kind: 'date',
          label: 'Last day',
          hint: 'The same as the first day for a one-day event',
          min_date: '+7d',
          max_date: '+1y',
          required_message: 'Please enter the last day of the event',
        },
        {
          name: 'hours',
          kind: 'text',
          label: 'Hours',
          hint: 'e.g. 10 a.m. to 6 p.m.',
          max: 60,
          example: '10 a.m. to 6 p.m.',
          required_message: 'Please enter the hours of the event',
        },
        {
          name: 'expected_attendance',
          kind: 'integer',
          label: 'Expected attendance',
          hint: 'The most people expected at one time',
          min: 1,
          max: 1_000_000,
          example: 1500,
          required_message: 'Please enter the expected attendance',
        },
      ],
    },
    {
      id: 'arrangements',
      title: 'Safety arrangements',
      description: 'How the crowd is kept safe: the security and medical plans.',
      fields: [
        {
          name: 'securityPlan',
          kind: 'file',
          label: 'Security plan (with the police notification)',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the security plan',
        },
        {
          name: 'medicalPlan',
          kind: 'file',
          label: 'Medical and first aid arrangements',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the medical and first aid arrangements',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [
    { field: 'securityPlan', title: 'Security plan, with the police notification' },
    { field: 'medicalPlan', title: 'Medical and first aid arrangements' },
  ],
  fee: {
    rule: 'band',
    params: {
      schedule: 'outdoor-events',
      field: 'expected_attendance',
      bands: [
        { up_to: 500, item: 'up-to-500' },
        { up_to: 2000, item: 'up-to-2000' },
        { up_to: 10000, item: 'up-to-10000' },
        { up_to: null, item: 'over-10000' },
      ],
    },
  },
  // Once issued, the event has a public page (/social/event/{id}, GET /api/events/{id}).
  public_page: {
    kind: 'event',
    fields: {
      name: 'event_name',
      organiser: 'organiser_name',
      venue: 'venue',
      starts_on: 'starts_on',
      ends_on: 'ends_on',
    },
  },
  workflow: 'pay-then-approve',
  produces: 'outdoor-event-permit',
  submit: { method: 'POST', success_message: 'Outdoor event application submitted successfully' },
});

export default outdoorEvents;
