import { defineService } from '../../../define-service';
import {
  idCardField,
  lrNumberField,
  proofOfOwnershipField,
  subCountyField,
  wardField,
} from '../shared-fields';

/**
 * Land Survey: county survey services on a parcel (boundary re-establishment, subdivision,
 * amalgamation, topographic survey...). The fee depends on the survey type (seeded fee schedule
 * "land-survey", item = the type's code) and is paid before the county surveyor takes it up.
 */
export const landSurvey = defineService({
  id: 'land-survey',
  route: '/land-survey',
  area: 'land',
  title: 'Land Survey',
  description: 'Apply for land survey.',
  menu: true,
  order: 4,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel Details',
      fields: [lrNumberField, subCountyField, wardField],
    },
    {
      id: 'survey',
      title: 'Survey Details',
      fields: [
        {
          name: 'survey_type_code',
          kind: 'select',
          label: 'Type of survey',
          options: { list: 'land-survey-service-types' },
          example: 'SV-BRE',
          required_message: 'Please select the type of survey',
        },
        {
          name: 'surveyor_code',
          kind: 'select',
          label: 'Licensed surveyor (optional)',
          hint: 'Leave empty and the county surveyor will assign one',
          options: { list: 'surveyors' },
          example: 'LS-0432',
          required: false,
        },
        {
          name: 'purpose',
          kind: 'textarea',
          label: 'What is the survey for?',
          hint: 'e.g. a boundary dispute with a neighbour, or subdividing for sale',
          max: 1000,
          required_message: 'Please tell us what the survey is for',
        },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      fields: [proofOfOwnershipField, idCardField],
    },
  ],
  required_documents: [
    { field: 'proofOfOwnership', title: 'Proof of ownership (title deed)' },
    { field: 'idCard', title: 'Copy of your national ID card' },
  ],
  fee: { rule: 'schedule', params: { schedule: 'land-survey', key_fields: ['survey_type_code'] } },
  workflow: 'pay-then-review',
  produces: 'survey-report',
  submit: {
    method: 'POST',
    path: '/api/lands/land_survey/Applylandsurveyapplication',
    success_message: 'Land survey application submitted successfully',
  },
});

export default landSurvey;
