import { defineDocument } from '../../../define-service';

/** The approval of building plans: an official letter with its conditions and validity. */
export default defineDocument({
  name: 'building-plan-approval',
  title: 'Approval of Building Plans',
  description: "The county's approval of the building plans for a parcel, with its conditions.",
  download_route: '/downloads/official-letter',
  verifiable: true,
  register: 'letter',
  facts: [
    { label: 'Approval number', field: 'number' },
    { label: 'Applicant', field: 'holder' },
    { label: 'Parcel', field: 'reference' },
    { label: 'Use class', field: 'use_class' },
    { label: 'Storeys', field: 'storeys' },
    { label: 'Floor area (m²)', field: 'floor_area' },
    { label: 'Architect', field: 'architect_name' },
    { label: 'Structural engineer', field: 'engineer_name' },
    { label: 'Fee paid', field: 'fee' },
    { label: 'Date of approval', field: 'issued_on' },
    { label: 'Valid until', field: 'valid_until' },
  ],
  body: [
    'RE: APPROVAL OF BUILDING PLANS, PARCEL {reference}',
    'Following your application {application_no}, the {county} has approved the building plans for {development_description} on the above parcel, as drawn by the architect and engineer named above, subject to the conditions below.',
    'Construction must begin before {valid_until}; after that date the approval lapses and the plans must be submitted again.',
  ],
  conditions: [
    'Build only what the approved plans show; any change needs a fresh approval.',
    "Give the county's building inspectorate notice before laying the foundations and at each stage it asks for.",
    'Keep a copy of this approval and the approved plans on the site for inspection.',
    'An occupation certificate is needed before the building is used.',
    'This approval does not replace the NEMA licence or any other approval the law requires.',
  ],
  validity_days: 730,
});
