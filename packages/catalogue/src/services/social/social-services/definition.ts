import { defineService } from '../../../define-service';
import { checkStep } from '../../business/shared-fields';
import { subCountyField, wardField } from '../../land/shared-fields';

/**
 * Registration of a community group with the county's social services department (self-help,
 * women, youth, disability and older persons' groups): the group, its officials (a group; the
 * certificate prints their names and offices, never their phones or ID numbers), the members
 * count, and its constitution and the minutes that elected the officials. A fixed fee by kind
 * (schedule "community-groups"); paid, then approved — the approval issues the certificate, which
 * is renewed yearly from `/permits`.
 */
export const socialServices = defineService({
  id: 'social-services',
  route: '/social-services',
  area: 'social',
  title: 'Community Group Registration',
  description: 'Register a self-help, women, youth or disability group with the county, or renew it.',
  menu: true,
  order: 1,
  application_prefix: 'CGR',
  reference_field: 'group_name',
  holder_field: 'group_name',
  steps: [
    {
      id: 'group',
      title: 'Group',
      description: 'The group as it will be registered.',
      fields: [
        {
          name: 'group_name',
          kind: 'text',
          label: 'Name of the group',
          max: 120,
          min: 3,
          example: 'Mwangaza Women Self-Help Group',
          required_message: 'Please enter the name of the group',
        },
        {
          name: 'group_type',
          kind: 'select',
          label: 'Kind of group',
          options: {
            static: [
              { value: 'self-help', label: 'Self-help group' },
              { value: 'women', label: "Women's group" },
              { value: 'youth', label: 'Youth group' },
              { value: 'disability', label: 'Group of persons with disabilities' },
              { value: 'older-persons', label: "Older persons' group" },
            ],
          },
          example: 'women',
          required_message: 'Please choose the kind of group',
        },
        {
          name: 'activities',
          kind: 'textarea',
          label: 'What the group does',
          hint: 'e.g. table banking, poultry keeping, cleaning the estate',
          max: 500,
          min: 5,
          example: 'Table banking and poultry keeping',
          required_message: 'Please say what the group does',
        },
        subCountyField,
        wardField,
        {
          name: 'meeting_place',
          kind: 'text',
          label: 'Where the group meets',
          max: 120,
          min: 3,
          example: 'Kayole Social Hall',
          required_message: 'Please enter where the group meets',
        },
        {
          name: 'members_count',
          kind: 'integer',
          label: 'Number of members',
          hint: 'At least 10',
          min: 10,
          max: 5000,
          example: 24,
          required_message: 'Please enter the number of members',
        },
      ],
    },
    {
      id: 'officials',
      title: 'Officials',
      description: 'The officials the members elected: at least the chairperson, secretary and treasurer.',
      fields: [
        {
          name: 'officials',
          kind: 'group',
          label: 'Officials',
          entry_label: 'Official',
          min: 3,
          max: 10,
          required_message: 'Please add the officials: at least three',
          fields: [
            {
              name: 'office',
              kind: 'select',
              label: 'Office',
              options: {
                static: [
                  { value: 'chairperson', label: 'Chairperson' },
                  { value: 'vice-chairperson', label: 'Vice-chairperson' },
                  { value: 'secretary', label: 'Secretary' },
                  { value: 'treasurer', label: 'Treasurer' },
                  { value: 'committee-member', label: 'Committee member' },
                ],
              },
              example: 'chairperson',
              required_message: 'Please choose the office',
            },
            {
              name: 'full_name',
              kind: 'text',
              label: 'Full name',
              max: 100,
              example: 'Wanjiru Achieng Mutua',
              required_message: 'Please enter the full name',
            },
            {
              name: 'id_number',
              kind: 'text',
              label: 'ID number',
              pattern: { regex: '\\d{7,8}', message: 'Please enter the ID number: 7 or 8 digits' },
              example: '28123456',
              required_message: 'Please enter the ID number',
            },
            {
              name: 'phone',
              kind: 'phone',
              label: 'Phone number',
              example: '0722334455',
              required_message: 'Please enter the phone number',
            },
          ],
        },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      description: "The group's constitution and the minutes of the meeting that elected the officials.",
      fields: [
        {
          name: 'constitution',
          kind: 'file',
          label: "The group's constitution",
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: "Please upload the group's constitution",
        },
        {
          name: 'minutes',
          kind: 'file',
          label: 'Minutes of the meeting that elected the officials',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the minutes of the meeting',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [
    { field: 'constitution', title: "The group's constitution" },
    { field: 'minutes', title: 'Minutes of the meeting that elected the officials' },
  ],
  fee: { rule: 'schedule', params: { schedule: 'community-groups', key_fields: ['group_type'] } },
  workflow: 'pay-then-approve',
  produces: 'community-group-certificate',
  submit: { method: 'POST', success_message: 'Group registration submitted successfully' },
  validity: { days: 365 },
});

export default socialServices;
