import { defineService } from '../../../define-service';
import {
  activityField,
  applicationFeeAndPenalty,
  businessSizeField,
  businessStep,
  checkStep,
  premisesStep,
} from '../shared-fields';

/** The charges a Unified Business Permit bundles, each only for the activities that carry it. */
const BUNDLED = ['ubp-fire', 'ubp-food-hygiene', 'ubp-health', 'ubp-advertising'] as const;

/**
 * Unified Business Permit (trade licence, since 2024): the business permit of up to five business
 * lines and the fire safety, food hygiene, public health and advertising charges their activities
 * carry, in one bill with a line per charge. Issued as soon as it is paid, valid 12 months.
 */
export const unifiedBusinessPermit = defineService({
  id: 'unified-business-permit',
  route: '/trade-license/apply',
  area: 'business',
  title: 'Unified Business Permit (Trade Licence)',
  description:
    'One permit and one bill for up to five business lines, with fire, food, health and advertising.',
  menu: true,
  order: 2,
  application_prefix: 'UBP',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    businessStep,
    {
      id: 'lines',
      title: 'Business lines',
      description: 'Each activity the business carries on at these premises, up to five.',
      fields: [
        {
          name: 'linesData',
          kind: 'group',
          label: 'Business lines',
          hint: 'Up to 5 business lines on one permit',
          min: 1,
          max: 5,
          add_label: 'Add another business line',
          entry_label: 'Business line',
          required_message: 'Please add at least one business line',
          fields: [activityField, businessSizeField],
        },
      ],
    },
    premisesStep,
    checkStep,
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        {
          rule: 'per-entry',
          params: {
            schedule: 'sbp-fees',
            group: 'linesData',
            key_fields: ['activity_code', 'business_size'],
          },
        },
        ...BUNDLED.map((schedule) => ({
          rule: 'per-entry',
          params: { schedule, group: 'linesData', key_fields: ['activity_code'], optional: true },
        })),
        ...applicationFeeAndPenalty,
      ],
    },
  },
  derived: [
    {
      name: 'business_lines',
      description: 'Each line’s activity: code, name, category, sub-category, industry.',
      from: 'linesData',
    },
    { name: 'address', description: 'The postal address with its code and post office.' },
    { name: 'late_months', description: 'Whole or part months since the business’s last permit expired.' },
    {
      name: 'register_check',
      description: 'Whether the business is in the county’s register (the permit prints it).',
    },
  ],
  renewable: true,
  workflow: 'instant',
  produces: 'unified-business-permit',
  submit: {
    method: 'POST',
    success_message: 'Trade licence application submitted successfully',
  },
  validity: { days: 365 },
});

export default unifiedBusinessPermit;
