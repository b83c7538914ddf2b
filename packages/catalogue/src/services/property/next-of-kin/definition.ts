import { defineService } from '../../../define-service';

/**
 * Next of kin of a county tenancy: the tenant names (or changes) the person the county deals with
 * should the tenant die or be unable to act — name, ID, relationship, phone. The tenancy must be
 * one the applicant's account holds (the estates area checks it). Paid, reviewed with four eyes;
 * once issued the tenancy records the next of kin and the letter confirming it prints at
 * /downloads/official-letter.
 */
export const nextOfKin = defineService({
  id: 'next-of-kin',
  route: '/next-of-kin',
  area: 'property',
  title: 'Next of Kin',
  description: 'Register or change the next of kin of your county tenancy.',
  menu: true,
  order: 4,
  application_prefix: 'NOK',
  reference_field: 'tenancy_no',
  steps: [
    {
      id: 'tenancy',
      title: 'Tenancy',
      description: 'The county house or unit you rent, by its tenancy number (on /properties).',
      fields: [
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
          required_message: 'Please enter the tenancy number',
        },
      ],
    },
    {
      id: 'kin',
      title: 'Next of kin',
      description: 'The person the county should deal with if you die or cannot act.',
      fields: [
        {
          name: 'kin_name',
          kind: 'text',
          label: "Next of kin's full name",
          example: 'Kevin Mwangi Kamau',
          required_message: "Please enter the next of kin's full name",
        },
        {
          name: 'kin_id_number',
          kind: 'text',
          label: "Next of kin's ID number",
          hint: 'As on the national ID card',
          example: '31245678',
          pattern: { regex: '\\d{6,9}', message: 'Please enter an ID number of 6 to 9 digits' },
          required_message: "Please enter the next of kin's ID number",
        },
        {
          name: 'relationship',
          kind: 'select',
          label: 'Relationship to you',
          options: {
            static: [
              { value: 'spouse', label: 'Spouse' },
              { value: 'child', label: 'Son or daughter' },
              { value: 'parent', label: 'Parent' },
              { value: 'sibling', label: 'Brother or sister' },
              { value: 'other', label: 'Other relative' },
            ],
          },
          example: 'child',
          required_message: 'Please choose the relationship',
        },
        {
          name: 'kin_phone',
          kind: 'phone',
          label: "Next of kin's phone number",
          example: '0733445566',
          required_message: "Please enter the next of kin's phone number",
        },
      ],
    },
  ],
  fee: { rule: 'fixed', params: { schedule: 'estates', item: 'next-of-kin' } },
  workflow: 'pay-then-review',
  produces: 'next-of-kin-letter',
  submit: { method: 'POST', success_message: 'Your next of kin application has been submitted' },
});

export default nextOfKin;
