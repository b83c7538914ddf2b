import { defineService } from '../../../define-service';

/**
 * Building plan approval (e-construction): the parcel first, checked against the county's land
 * register (it exists on submission; on approval its rates are paid for the year and the applicant
 * holds it or names its registered owner, with the owner's written consent), then the registered
 * professionals, the development and its drawings. The fee is a plan registration fee plus a rate
 * per square metre of floor area by use class (schedule "building-plans"). Paid, then reviewed
 * with four eyes; the approval letter prints its conditions and validity.
 */
export const buildingPlanApproval = defineService({
  id: 'building-plan-approval',
  route: '/e-construction-application/add-lr-or-parcel',
  area: 'property',
  title: 'Building Plan Approval',
  description: 'Apply for approval of building plans (e-construction), starting with the parcel.',
  menu: true,
  order: 6,
  application_prefix: 'BPA',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel',
      description: 'The parcel you will build on, as in the county land register.',
      fields: [
        {
          name: 'lr_number',
          kind: 'parcel',
          label: 'Land / parcel number (LR number)',
          hint: 'As written on the title deed, e.g. 1870/I/204',
          placeholder: '1870/I/204',
          example: '1870/I/204',
          required_message: 'Please enter your land / parcel number',
        },
        {
          name: 'applicant_capacity',
          kind: 'select',
          label: 'Who holds the parcel?',
          options: {
            static: [
              { value: 'owner', label: 'I am its registered owner (or it is linked to my account)' },
              { value: 'consent', label: 'Someone else: I name the owner and attach their consent' },
            ],
          },
          example: 'consent',
          required_message: 'Please say who holds the parcel',
        },
        {
          name: 'owner_name',
          kind: 'text',
          label: "Registered owner's full name",
          example: 'Rehema Zawadi Mwende',
          show_when: { field: 'applicant_capacity', equals: 'consent' },
          required_message: "Please enter the registered owner's name",
        },
        {
          name: 'owner_id_number',
          kind: 'text',
          label: "Registered owner's ID number or KRA PIN",
          hint: 'As in the land register',
          example: '16420938',
          pattern: {
            regex: '\\d{6,9}|[AP]\\d{9}[A-Z]',
            message: 'Please enter an ID number (digits) or a KRA PIN such as A004416331M',
          },
          show_when: { field: 'applicant_capacity', equals: 'consent' },
          required_message: "Please enter the registered owner's ID number or KRA PIN",
        },
        {
          name: 'ownerConsent',
          kind: 'file',
          label: "The owner's signed consent",
          hint: 'A letter signed by the registered owner: JPEG, PNG or PDF, up to 5 MB',
          show_when: { field: 'applicant_capacity', equals: 'consent' },
          required_message: "Please upload the owner's signed consent",
        },
      ],
    },
    {
      id: 'professionals',
      title: 'Professionals',
      description: 'The registered architect and structural engineer who prepared the plans.',
      fields: [
        {
          name: 'architect_name',
          kind: 'text',
          label: "Architect's full name",
          example: 'Arch. Njoroge Kariuki',
          required_message: "Please enter the architect's name",
        },
        {
          name: 'architect_reg_no',
          kind: 'text',
          label: "Architect's registration number (BORAQS)",
          hint: 'e.g. A1234',
          example: 'A1234',
          pattern: { regex: 'A\\s?\\d{2,5}', message: 'Please enter the BORAQS number, e.g. A1234' },
          required_message: "Please enter the architect's registration number",
        },
        {
          name: 'engineer_name',
          kind: 'text',
          label: "Structural engineer's full name",
          example: 'Eng. Akinyi Odera',
          required_message: "Please enter the engineer's name",
        },
        {
          name: 'engineer_reg_no',
          kind: 'text',
          label: "Engineer's registration number (EBK)",
          hint: 'e.g. A2345',
          example: 'A2345',
          pattern: { regex: '[A-Z]{1,2}\\s?\\d{2,5}', message: 'Please enter the EBK number, e.g. A2345' },
          required_message: "Please enter the engineer's registration number",
        },
      ],
    },
    {
      id: 'development',
      title: 'Development',
      fields: [
        {
          name: 'use_class',
          kind: 'select',
          label: 'Use class',
          options: {
            static: [
              { value: 'RES', label: 'Residential' },
              { value: 'COM', label: 'Commercial' },
              { value: 'IND', label: 'Industrial' },
              { value: 'INS', label: 'Institutional (school, church, hospital)' },
              { value: 'MIX', label: 'Mixed use' },
            ],
          },
          example: 'RES',
          required_message: 'Please select the use class',
        },
        {
          name: 'storeys',
          kind: 'integer',
          label: 'Number of storeys (floors above ground)',
          min: 1,
          max: 60,
          example: 2,
          required_message: 'Please enter the number of storeys',
        },
        {
          name: 'floor_area',
          kind: 'integer',
          label: 'Total floor area (square metres)',
          hint: 'All floors added up',
          min: 1,
          max: 500000,
          example: 240,
          required_message: 'Please enter the total floor area',
        },
        {
          name: 'development_description',
          kind: 'textarea',
          label: 'Description of the development',
          example: 'A two-storey family house with a detached servants quarter',
          required_message: 'Please describe the development',
        },
      ],
    },
    {
      id: 'drawings',
      title: 'Drawings and reports',
      fields: [
        {
          name: 'architecturalDrawings',
          kind: 'file',
          label: 'Architectural drawings (plans, sections, elevations)',
          hint: 'PDF, up to 5 MB',
          required_message: 'Please upload the architectural drawings',
        },
        {
          name: 'structuralDrawings',
          kind: 'file',
          label: 'Structural drawings and calculations',
          hint: 'PDF, up to 5 MB',
          required_message: 'Please upload the structural drawings',
        },
        {
          name: 'siteReport',
          kind: 'file',
          label: 'Site plan or environmental report',
          hint: 'PDF, up to 5 MB',
          required_message: 'Please upload the site plan or environmental report',
        },
      ],
    },
  ],
  required_documents: [
    {
      field: 'ownerConsent',
      title: "The registered owner's signed consent (when the owner is someone else)",
    },
    { field: 'architecturalDrawings', title: 'Architectural drawings' },
    { field: 'structuralDrawings', title: 'Structural drawings and calculations' },
    { field: 'siteReport', title: 'Site plan or environmental report' },
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        { rule: 'fixed', params: { schedule: 'building-plans', item: 'registration' } },
        {
          rule: 'per-unit',
          params: {
            schedule: 'building-plans',
            key_fields: ['use_class'],
            count_field: 'floor_area',
            unit: 'square metre',
          },
        },
      ],
    },
  },
  workflow: 'pay-then-review',
  produces: 'building-plan-approval',
  submit: { method: 'POST', success_message: 'Building plan application submitted successfully' },
});

export default buildingPlanApproval;
