import { defineService } from '../../../define-service';
import { checkStep } from '../../business/shared-fields';
import { subCountyField, wardField } from '../../land/shared-fields';

/**
 * Registration of an early childhood development and education (ECDE) centre (Early Childhood
 * Education Act, 2021): the proprietor, the centre and its premises, its classes (a group, printed
 * on the certificate) and its teachers (a group the county keeps but does not print: their names
 * and registration numbers are for the inspection, not the wall). The fee is by category
 * (schedule "ecde-registration"); paid, then reviewed after the education officers' inspection.
 */
export const schoolsRegistration = defineService({
  id: 'schools-registration',
  route: '/schools-registration',
  area: 'social',
  title: 'ECDE Centre Registration',
  description: 'Register a private or community early childhood development and education centre.',
  menu: true,
  order: 3,
  application_prefix: 'ECD',
  reference_field: 'school_name',
  holder_field: 'proprietor_name',
  steps: [
    {
      id: 'proprietor',
      title: 'Proprietor',
      description: 'The person or organisation that owns and runs the centre.',
      fields: [
        {
          name: 'proprietor_name',
          kind: 'text',
          label: 'Name of the proprietor',
          hint: 'A person, a company, a church or a community organisation',
          max: 120,
          min: 2,
          example: 'Grace Atieno Wekesa',
          required_message: 'Please enter the name of the proprietor',
        },
        {
          name: 'proprietor_phone',
          kind: 'phone',
          label: "Proprietor's phone number",
          example: '0722123456',
          required_message: "Please enter the proprietor's phone number",
        },
      ],
    },
    {
      id: 'centre',
      title: 'Centre',
      description: 'The centre and where it is.',
      fields: [
        {
          name: 'school_name',
          kind: 'text',
          label: 'Name of the centre',
          max: 120,
          min: 2,
          example: 'Little Acorns Early Learning Centre',
          required_message: 'Please enter the name of the centre',
        },
        {
          name: 'category',
          kind: 'select',
          label: 'Category',
          options: {
            static: [
              { value: 'private', label: 'Private ECDE centre' },
              { value: 'faith-based', label: 'Faith-based ECDE centre' },
              { value: 'community', label: 'Community ECDE centre' },
            ],
          },
          example: 'private',
          required_message: 'Please choose the category',
        },
        subCountyField,
        wardField,
        {
          name: 'location',
          kind: 'text',
          label: 'Location',
          hint: 'Plot, road and a landmark, e.g. Plot 412, Utawala Road, opposite Benedicta School',
          max: 160,
          min: 3,
          example: 'Plot 412, Utawala Road, opposite Benedicta School',
          required_message: 'Please enter the location of the centre',
        },
        {
          name: 'capacity',
          kind: 'integer',
          label: 'Number of children the centre can take',
          min: 1,
          max: 2000,
          example: 60,
          required_message: 'Please enter the number of children the centre can take',
        },
      ],
    },
    {
      id: 'classes',
      title: 'Classes',
      description: 'Each class the centre runs.',
      fields: [
        {
          name: 'classes',
          kind: 'group',
          label: 'Classes',
          entry_label: 'Class',
          min: 1,
          max: 12,
          required_message: 'Please add at least one class',
          fields: [
            {
              name: 'level',
              kind: 'select',
              label: 'Level',
              options: {
                static: [
                  { value: 'playgroup', label: 'Playgroup (age 3)' },
                  { value: 'pp1', label: 'Pre-primary 1 (age 4)' },
                  { value: 'pp2', label: 'Pre-primary 2 (age 5)' },
                ],
              },
              example: 'pp1',
              required_message: 'Please choose the level',
            },
            {
              name: 'children',
              kind: 'integer',
              label: 'Children in the class',
              min: 1,
              max: 60,
              example: 25,
              required_message: 'Please enter the number of children in the class',
            },
          ],
        },
      ],
    },
    {
      id: 'teachers',
      title: 'Teachers',
      description: 'Every teacher of the centre, with their registration or qualification.',
      fields: [
        {
          name: 'teachers',
          kind: 'group',
          label: 'Teachers',
          entry_label: 'Teacher',
          min: 1,
          max: 40,
          required_message: 'Please add at least one teacher',
          fields: [
            {
              name: 'full_name',
              kind: 'text',
              label: 'Full name',
              max: 100,
              example: 'Mercy Wanjiru Kamau',
              required_message: 'Please enter the full name',
            },
            {
              name: 'qualification',
              kind: 'select',
              label: 'Qualification',
              options: {
                static: [
                  { value: 'ecde-certificate', label: 'Certificate in ECDE' },
                  { value: 'ecde-diploma', label: 'Diploma in ECDE' },
                  { value: 'ecde-degree', label: 'Degree in ECDE' },
                ],
              },
              example: 'ecde-diploma',
              required_message: 'Please choose the qualification',
            },
            {
              name: 'tsc_no',
              kind: 'text',
              label: 'TSC number (optional)',
              max: 12,
              pattern: { regex: '\\d{5,8}', message: 'Please enter the TSC number: 5 to 8 digits' },
              required: false,
              example: '654321',
            },
          ],
        },
        {
          name: 'premisesPlan',
          kind: 'file',
          label: 'Plan or photos of the premises',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload a plan or photos of the premises',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [{ field: 'premisesPlan', title: 'A plan or photos of the premises' }],
  unprinted_groups: ['teachers'],
  fee: { rule: 'schedule', params: { schedule: 'ecde-registration', key_fields: ['category'] } },
  workflow: 'pay-then-review',
  produces: 'ecde-registration-certificate',
  submit: { method: 'POST', success_message: 'ECDE centre registration submitted successfully' },
});

export default schoolsRegistration;
