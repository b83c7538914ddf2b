import { defineService } from '../../../define-service';
import { activityField, businessFields, premisesFields } from '../shared-fields';

/**
 * Pest control certificate: premises (food premises above all) must be treated by a pest control
 * operator the county has licensed; the county's public health officer checks the treatment
 * report and issues the certificate. The fee is the service's (fee schedule "pest-control").
 */
export const pestControl = defineService({
  id: 'pest-control',
  route: '/pest-control/apply',
  area: 'business',
  title: 'Pest Control Certificate',
  description: 'Apply for the certificate that your premises have been treated against pests.',
  menu: true,
  order: 3,
  application_prefix: 'PCC',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business whose premises were treated.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'treatment',
      title: 'Treatment',
      description: 'What was done, by whom and when.',
      fields: [
        activityField,
        {
          name: 'service_code',
          kind: 'select',
          label: 'Pest control service',
          options: { list: 'pest-control-services' },
          example: 'FUM',
          required_message: 'Please choose the pest control service',
        },
        {
          name: 'provider_code',
          kind: 'select',
          label: 'Licensed pest control operator',
          options: { list: 'pest-control-providers' },
          example: 'PCO-014',
          required_message: 'Please choose the operator who treated the premises',
        },
        {
          name: 'treated_on',
          kind: 'date',
          label: 'Date of treatment',
          min_date: '-90d',
          max_date: 'today',
          required_message: 'Please enter the date of treatment',
        },
        {
          name: 'treatmentReport',
          kind: 'file',
          label: "The operator's treatment report",
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: "Please upload the operator's treatment report",
        },
      ],
    },
    {
      id: 'premises',
      title: 'Premises',
      fields: premisesFields,
    },
  ],
  required_documents: [{ field: 'treatmentReport', title: "The pest control operator's treatment report" }],
  fee: { rule: 'schedule', params: { schedule: 'pest-control', key_fields: ['service_code'] } },
  derived: [
    { name: 'activity_name', description: 'The activity by its name.' },
    { name: 'address', description: 'The postal address with its code and post office.' },
  ],
  workflow: 'pay-then-review',
  produces: 'pest-control-certificate',
  submit: {
    method: 'POST',
    success_message: 'Pest control application submitted successfully',
    // Spec, section 8: a pest control failure with no detail.
    failure_message: 'Request failed',
  },
  validity: { days: 180 },
});

export default pestControl;
