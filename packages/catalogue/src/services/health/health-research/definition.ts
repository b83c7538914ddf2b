import { defineService } from '../../../define-service';

/**
 * Health research: the county health department's authority to carry out a study in its health
 * facilities. The principal investigator (the holder), the institution, the study and its
 * national licence (NACOSTI) and ethics approval (the letter uploaded), the facilities and the
 * period. The fee is by the researcher's category (schedule "health-research": student, local,
 * foreign). Paid, then reviewed: one officer approves, another issues (four eyes). Printed at
 * /downloads/research-certificate, valid a year.
 */
export default defineService({
  id: 'health-research',
  route: '/health-research',
  area: 'health',
  title: 'Health Research Authorisation',
  description: 'Apply for authority to carry out research in county health facilities.',
  menu: true,
  order: 4,
  application_prefix: 'HRA',
  reference_field: 'study_title',
  holder_field: 'investigator_name',
  steps: [
    {
      id: 'investigator',
      title: 'Principal investigator',
      fields: [
        {
          name: 'investigator_name',
          kind: 'text',
          label: 'Name of the principal investigator',
          hint: 'With the title, e.g. Dr. Wambui Njoroge',
          min: 3,
          max: 100,
          required_message: 'Please enter the name of the principal investigator',
          example: 'Dr. Wambui Njoroge',
        },
        {
          name: 'institution',
          kind: 'text',
          label: 'Institution',
          hint: 'The university, hospital or organisation',
          min: 3,
          max: 150,
          required_message: 'Please enter the institution',
          example: 'University of Nairobi, School of Public Health',
        },
        {
          name: 'category',
          kind: 'select',
          label: 'Category of researcher',
          options: {
            static: [
              { value: 'student', label: 'Student at a Kenyan institution' },
              { value: 'local', label: 'Kenyan researcher or institution' },
              { value: 'foreign', label: 'Foreign researcher or institution' },
            ],
          },
          required_message: 'Please select the category of researcher',
          example: 'local',
        },
      ],
    },
    {
      id: 'study',
      title: 'The study',
      fields: [
        {
          name: 'study_title',
          kind: 'text',
          label: 'Title of the study',
          min: 5,
          max: 200,
          required_message: 'Please enter the title of the study',
          example: 'Uptake of maternal health services in informal settlements',
        },
        {
          name: 'nacosti_licence',
          kind: 'text',
          label: 'NACOSTI research licence number',
          hint: 'e.g. NACOSTI/P/25/41872',
          pattern: {
            regex: 'NACOSTI/[A-Z]/\\d{2}/\\d{1,6}',
            message: 'Please enter the NACOSTI licence number, e.g. NACOSTI/P/25/41872',
          },
          required_message: 'Please enter the NACOSTI research licence number',
          example: 'NACOSTI/P/25/41872',
        },
        {
          name: 'ethics_approval',
          kind: 'text',
          label: 'Ethics approval reference',
          hint: 'The committee and its reference, e.g. KNH-UoN ERC P512/07/2025',
          min: 3,
          max: 100,
          required_message: 'Please enter the ethics approval reference',
          example: 'KNH-UoN ERC P512/07/2025',
        },
        {
          name: 'ethicsApprovalLetter',
          kind: 'file',
          label: 'Ethics approval letter',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the ethics approval letter',
        },
        {
          name: 'study_sites',
          kind: 'textarea',
          label: 'County health facilities where the study is done',
          hint: 'Name each facility, separated by semicolons',
          min: 3,
          max: 500,
          required_message: 'Please name the health facilities',
          example: 'Mathare North Health Centre; Kibera South Health Centre',
        },
        {
          name: 'start_date',
          kind: 'date',
          label: 'Start of data collection',
          min_date: 'today',
          max_date: '+1y',
          required_message: 'Please enter the start of data collection',
        },
        {
          name: 'end_date',
          kind: 'date',
          label: 'End of data collection',
          hint: 'Within a year: the authorisation is valid for one year',
          min_date: 'today',
          max_date: '+1y',
          required_message: 'Please enter the end of data collection',
        },
      ],
    },
  ],
  required_documents: [{ field: 'ethicsApprovalLetter', title: 'The ethics committee’s approval letter' }],
  fee: { rule: 'schedule', params: { schedule: 'health-research', key_fields: ['category'] } },
  workflow: 'pay-then-review',
  produces: 'health-research-authorisation',
  submit: { method: 'POST', success_message: 'Health research application submitted successfully' },
  validity: { days: 365 },
});
