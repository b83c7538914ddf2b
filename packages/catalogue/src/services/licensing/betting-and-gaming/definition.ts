import { defineService } from '../../../define-service';
import { businessFields, checkStep } from '../../business/shared-fields';
import { licensedPremisesFields } from '../shared-fields';

/**
 * The gaming premises permit: a premises with pool tables, gaming machines or betting terminals
 * needs the county's yearly permit beside the national licence of the Betting Control and
 * Licensing Board. Every table or machine is listed (a repeating group) and priced by its type
 * (schedule "gaming-premises", a line per table or machine); paid, then reviewed by the county's
 * gaming inspectors (one approves, another issues). Renewed yearly from `/permits`.
 */
export const bettingAndGaming = defineService({
  id: 'betting-and-gaming',
  route: '/betting-and-gaming',
  area: 'licensing',
  title: 'Betting and Gaming Permit',
  description: 'Apply for or renew the yearly permit for pool tables, gaming machines or betting terminals.',
  menu: true,
  order: 2,
  application_prefix: 'BLG',
  reference_field: 'premises_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business that will hold the permit.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'premises',
      title: 'Premises',
      description: 'Where the tables or machines are: the permit is for these premises only.',
      fields: licensedPremisesFields,
    },
    {
      id: 'machines',
      title: 'Tables and machines',
      description: 'Every table, machine or terminal played at the premises: each is charged by its type.',
      fields: [
        {
          name: 'machines',
          kind: 'group',
          label: 'Gaming tables and machines',
          entry_label: 'Table or machine',
          min: 1,
          max: 50,
          required_message: 'Please add at least one table or machine',
          fields: [
            {
              name: 'machine_type',
              kind: 'select',
              label: 'Type',
              options: {
                static: [
                  { value: 'pool-table', label: 'Pool table' },
                  { value: 'slot-machine', label: 'Slot or gaming machine' },
                  { value: 'casino-table', label: 'Casino table (roulette, cards)' },
                  { value: 'betting-terminal', label: 'Betting terminal' },
                ],
              },
              example: 'pool-table',
              required_message: 'Please choose the type',
            },
            {
              name: 'make',
              kind: 'text',
              label: 'Make',
              max: 60,
              example: 'Riley',
              required_message: 'Please enter the make',
            },
            {
              name: 'serial_no',
              kind: 'text',
              label: 'Serial number',
              max: 40,
              example: 'RL-20831',
              required_message: 'Please enter the serial number',
            },
          ],
        },
      ],
    },
    {
      id: 'national-licence',
      title: 'National licence',
      description: 'The licence of the Betting Control and Licensing Board (BCLB) for this gaming.',
      fields: [
        {
          name: 'bclb_licence_no',
          kind: 'text',
          label: 'BCLB licence number',
          hint: 'As on the licence, e.g. BCLB/PT/2025/01842',
          max: 40,
          pattern: {
            regex: '[A-Za-z0-9][A-Za-z0-9/ -]{3,39}',
            message: 'Please enter the licence number as on the licence, e.g. BCLB/PT/2025/01842',
          },
          example: 'BCLB/PT/2025/01842',
          required_message: 'Please enter the BCLB licence number',
        },
        {
          name: 'bclbLicence',
          kind: 'file',
          label: 'The BCLB licence',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the BCLB licence',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [
    { field: 'bclbLicence', title: 'The national licence of the Betting Control and Licensing Board' },
  ],
  fee: {
    rule: 'per-entry',
    params: { schedule: 'gaming-premises', group: 'machines', key_fields: ['machine_type'] },
  },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'gaming-premises-permit',
  submit: { method: 'POST', success_message: 'Betting and gaming application submitted successfully' },
  validity: { days: 365 },
});

export default bettingAndGaming;
