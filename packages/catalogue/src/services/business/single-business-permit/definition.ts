import { defineService } from '../../../define-service';
import {
  activityField,
  applicationFeeAndPenalty,
  businessSizeField,
  businessStep,
  checkStep,
  premisesStep,
} from '../shared-fields';

/**
 * Single Business Permit (SBP): the yearly permit to carry on one business activity at one
 * premises. The fee is the county's for the activity and the business size (fee schedule
 * "sbp-fees", item "<activity code>:<size>") plus the application fee, and a late renewal's
 * penalty for each month since the last permit expired. Issued as soon as it is paid, valid 12
 * months from the payment; renewed from /permits.
 */
export const singleBusinessPermit = defineService({
  id: 'single-business-permit',
  route: '/sbp',
  area: 'business',
  title: 'Single Business Permit',
  description: 'Apply for or renew the yearly permit for one business activity.',
  menu: true,
  order: 1,
  application_prefix: 'SBP',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    businessStep,
    {
      id: 'activity',
      title: 'Activity',
      description: 'What the business does, and how big it is: together they set the permit fee.',
      fields: [activityField, businessSizeField],
    },
    premisesStep,
    checkStep,
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        {
          rule: 'schedule',
          params: { schedule: 'sbp-fees', key_fields: ['activity_code', 'business_size'] },
        },
        ...applicationFeeAndPenalty,
      ],
    },
  },
  derived: [
    { name: 'activity_name', description: 'The activity by its name (the permit prints it).' },
    { name: 'address', description: 'The postal address with its code and post office.' },
    { name: 'late_months', description: 'Whole or part months since the business’s last permit expired.' },
    {
      name: 'register_check',
      description: 'Whether the business is in the county’s register (the permit prints it).',
    },
  ],
  renewable: true,
  workflow: 'instant',
  produces: 'single-business-permit',
  submit: {
    method: 'POST',
    success_message: 'Business permit application submitted successfully',
  },
  validity: { days: 365 },
});

export default singleBusinessPermit;
