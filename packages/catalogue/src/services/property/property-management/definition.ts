import { defineService } from '../../../define-service';

/**
 * County property management, one service with a first choice: apply for the allocation of a
 * vacant county house or commercial unit — a place on the county's waiting list for an estate
 * (KES 1,000; the place is worked out by the estates area: the paid applications before it) — or
 * report a repair on the county house one rents (free; the tenancy must be the applicant's). Both
 * are reviewed: an officer approves (schedules) and another issues (closes), with an SMS at each
 * step; the letter prints at /downloads/official-letter (decision 036).
 */
export const propertyManagement = defineService({
  id: 'property-management',
  route: '/property-management',
  area: 'property',
  title: 'Property Management',
  description: 'Apply for a county house or commercial unit, or report a repair on the house you rent.',
  menu: true,
  order: 2,
  application_prefix: 'PMG',
  reference_field: 'tenancy_no',
  steps: [
    {
      id: 'need',
      title: 'What do you need',
      fields: [
        {
          name: 'request',
          kind: 'select',
          label: 'What do you need?',
          options: {
            static: [
              { value: 'allocation', label: 'A county house or commercial unit (join the waiting list)' },
              { value: 'repair', label: 'A repair on the county house I rent' },
            ],
          },
          example: 'allocation',
          required_message: 'Please choose what you need',
        },
      ],
    },
    {
      id: 'details',
      title: 'Details',
      description:
        'For a house or unit: the estate and the kind of unit; you join its waiting list once the application fee is paid. For a repair: your tenancy and what needs fixing (free).',
      fields: [
        {
          name: 'estate',
          kind: 'select',
          label: 'Estate',
          options: { list: 'county-estates' },
          example: 'KAL',
          show_when: { field: 'request', equals: 'allocation' },
          required_message: 'Please select the estate',
        },
        {
          name: 'unit_use',
          kind: 'select',
          label: 'Kind of unit',
          options: {
            static: [
              { value: 'residential', label: 'A house to live in' },
              { value: 'commercial', label: 'A shop or commercial unit' },
            ],
          },
          example: 'residential',
          show_when: { field: 'request', equals: 'allocation' },
          required_message: 'Please choose the kind of unit',
        },
        {
          name: 'household_size',
          kind: 'integer',
          label: 'People in your household',
          min: 1,
          max: 20,
          invalid_message: 'Please enter a number of people from 1 to 20',
          example: 4,
          show_when: { field: 'request', equals: 'allocation' },
          required_message: 'Please enter how many people are in your household',
        },
        {
          name: 'current_residence',
          kind: 'text',
          label: 'Where you live now',
          hint: 'Estate or area, and town',
          example: 'Umoja Innercore, Nairobi',
          show_when: { field: 'request', equals: 'allocation' },
          required_message: 'Please enter where you live now',
        },
        {
          name: 'tenancy_no',
          kind: 'text',
          label: 'Tenancy number',
          hint: 'As on your rent statement, e.g. NCC-KAL-0114',
          placeholder: 'NCC-KAL-0114',
          example: 'NCC-KAL-0114',
          pattern: {
            regex: '[A-Za-z]{3}-[A-Za-z]{3}-\\d{4}',
            message: 'Please enter a tenancy number such as NCC-KAL-0114',
          },
          show_when: { field: 'request', equals: 'repair' },
          required_message: 'Please enter the tenancy number',
        },
        {
          name: 'repair_kind',
          kind: 'select',
          label: 'What needs repair',
          options: {
            static: [
              { value: 'plumbing', label: 'Water, pipes or drainage' },
              { value: 'electrical', label: 'Electrical wiring or sockets' },
              { value: 'roof', label: 'Roof or ceiling' },
              { value: 'doors-windows', label: 'Doors, windows or locks' },
              { value: 'walls-floor', label: 'Walls or floor' },
            ],
          },
          example: 'plumbing',
          show_when: { field: 'request', equals: 'repair' },
          required_message: 'Please choose what needs repair',
        },
        {
          name: 'repair_details',
          kind: 'textarea',
          label: 'Describe the problem',
          hint: 'Where it is, since when, and when someone is at home',
          example:
            'The kitchen sink pipe leaks under the floor since last week; someone is at home every morning.',
          show_when: { field: 'request', equals: 'repair' },
          required_message: 'Please describe the problem',
        },
      ],
    },
  ],
  derived: [
    { name: 'house', description: 'The rented house or unit to repair, in words.' },
    {
      name: 'waiting_place',
      description:
        "The applicant's place on the estate's waiting list: on applying, then as the letter is issued.",
    },
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [{ rule: 'fixed', params: { schedule: 'estates', item: 'allocation' }, when: 'estate' }],
    },
  },
  workflow: 'review-and-issue',
  produces: 'property-management-letter',
  submit: { method: 'POST', success_message: 'Your request has been submitted' },
  // In the request's own words: received, approved (for a repair the approver's note says when it is
  // scheduled), closed.
  status_sms: {
    under_review:
      'County e-services: we have received your request {application_no} to the county estates office. An officer will look at it and send you a message.',
    approved: 'County e-services: your request {application_no} is approved. {note}',
    issued: 'County e-services: your request {application_no} is done and closed. Your letter: {print_url}',
  },
});

export default propertyManagement;
