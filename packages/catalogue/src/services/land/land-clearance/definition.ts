import { defineService } from '../../../define-service';
import {
  idCardField,
  kraPinCertField,
  landUseField,
  lrNumberField,
  proofOfOwnershipField,
  subCountyField,
  wardField,
} from '../shared-fields';

/**
 * Land Clearance: the rates clearance certificate a transfer, charge or lease needs. A fixed fee
 * (fee schedule "land-fees", item "land-clearance"), then county review: the certificate is
 * issued only when no rates are owing on the parcel.
 */
export const landClearance = defineService({
  id: 'land-clearance',
  route: '/land-clearance',
  area: 'land',
  title: 'Land Clearance',
  description: 'Apply for land clearance.',
  menu: true,
  order: 5,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel Details',
      fields: [lrNumberField, landUseField, subCountyField, wardField],
    },
    {
      id: 'purpose',
      title: 'Purpose',
      fields: [
        {
          name: 'clearance_purpose',
          kind: 'select',
          label: 'What do you need the clearance for?',
          options: {
            static: [
              { value: 'transfer', label: 'Transfer of ownership' },
              { value: 'charge', label: 'Charge or mortgage' },
              { value: 'lease', label: 'Lease extension or renewal' },
              { value: 'subdivision', label: 'Subdivision or amalgamation' },
              { value: 'change-of-user', label: 'Change or extension of user' },
            ],
          },
          required_message: 'Please select what you need the clearance for',
        },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      fields: [proofOfOwnershipField, idCardField, kraPinCertField],
    },
  ],
  required_documents: [
    { field: 'proofOfOwnership', title: 'Proof of ownership (title deed)' },
    { field: 'idCard', title: 'Copy of your national ID card' },
    { field: 'kraPinCert', title: 'KRA PIN certificate' },
  ],
  fee: { rule: 'fixed', params: { schedule: 'land-fees', item: 'land-clearance' } },
  workflow: 'pay-then-review',
  produces: 'clearance-certificate',
  submit: {
    method: 'POST',
    path: '/api/lands/land_clearence/Applylandclearanceapplication',
    success_message: 'Land clearance application submitted successfully',
  },
});

export default landClearance;
