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
 * Land Owner Amendment (land transfer): the spec's Land transfer screen. Three steps
 * (Instructions, Personal Details, Land Details), the spec's field names and its required-item
 * messages word for word, and the spec's API path. The transfer application fee is paid before
 * applying (its receipt is one of the seven uploads), so nothing is billed at submission.
 */
export const landTransfer = defineService({
  id: 'land-transfer',
  route: '/land-transfer',
  area: 'land',
  title: 'Land Owner Amendment',
  description: 'Conduct a Land Owner Amendment.',
  menu: true,
  order: 3,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'instructions',
      title: 'Instructions',
      description: 'Read this before you start: it takes about 10 minutes with your documents ready.',
      content: [
        {
          type: 'paragraph',
          text:
            'A Land Owner Amendment changes the registered owner of a parcel in the county rates ' +
            'register after a sale, succession, gift or court order, so that rates bills go to the new ' +
            'owner. Apply after the transfer is registered at the Ministry of Lands.',
        },
        { type: 'heading', text: 'Documents to prepare' },
        {
          type: 'list',
          items: [
            'A copy of your national ID card (both sides)',
            'Your passport photo, and a passport photo of the recipient (the new owner)',
            'Your KRA PIN certificate',
            'Proof of ownership: the title deed, certificate of lease or allotment letter',
            'The receipt for the transfer application fee',
            'An official land search from the Ministry of Lands (on Ardhisasa), not older than 3 months',
          ],
        },
        {
          type: 'paragraph',
          text: 'Each file may be a photo or a scan (JPEG or PNG) or a PDF, up to 5 MB. Make sure every page is readable.',
        },
        { type: 'heading', text: 'Fees' },
        {
          type: 'list',
          items: [
            'The transfer application fee set by the county Finance Act, paid before you apply; upload its receipt.',
            'All land rates on the parcel must be paid up to date: request the current Land Rates Bill first and pay any arrears.',
            'The official search is paid to the Ministry of Lands on Ardhisasa.',
          ],
        },
        { type: 'heading', text: 'What happens next' },
        {
          type: 'list',
          items: [
            'You get an application number at once; follow it under Service applications.',
            'County lands officers check your documents, usually within 14 working days.',
            'If something is missing you are asked for it; when approved, the amendment letter is issued and can be verified by its QR code.',
          ],
        },
        {
          type: 'notice',
          text: 'Your answers are saved as you go: you can stop and continue later from Drafts.',
        },
      ],
      fields: [],
    },
    {
      id: 'personal-details',
      title: 'Personal Details',
      description: 'Your identity documents and the passport photos of both parties.',
      fields: [
        idCardField,
        {
          name: 'passportPhoto',
          kind: 'file',
          label: 'Your passport photo',
          hint: 'A recent colour photo: JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please add passport photo',
        },
        {
          name: 'passportPhoto2',
          kind: 'file',
          label: 'Passport photo of the recipient (new owner)',
          hint: 'A recent colour photo: JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please add passport photo',
        },
        kraPinCertField,
      ],
    },
    {
      id: 'land-details',
      title: 'Land Details',
      description: 'The parcel, what it is used for, and the ownership documents.',
      fields: [
        lrNumberField,
        landUseField,
        subCountyField,
        wardField,
        {
          name: 'square_feet',
          kind: 'number',
          label: 'Size of the land in square feet',
          hint: 'As on the title deed or the survey plan (1 acre = 43,560 sq ft)',
          min: 1,
          max: 100_000_000,
          required_message: 'Please enter the size of the land in square feet',
          invalid_message: 'Please enter the size in square feet as a number greater than 0',
        },
        {
          name: 'reason_for_application',
          kind: 'select',
          label: 'Reason for the application',
          options: { list: 'land-reasons' },
          example: 'SALE',
          required_message: 'Please select the reason for the application',
        },
        proofOfOwnershipField,
        {
          name: 'lrAppReceipt',
          kind: 'file',
          label: 'Transfer application payment receipt',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload copy of your Transfer Application Payment Receipt',
        },
        {
          name: 'landSearch',
          kind: 'file',
          label: 'Official land search',
          hint: 'From the Ministry of Lands (Ardhisasa), not older than 3 months: JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload copy of land search',
        },
      ],
    },
  ],
  required_documents: [
    { field: 'idCard', title: 'Copy of your national ID card' },
    { field: 'passportPhoto', title: 'Your passport photo' },
    { field: 'passportPhoto2', title: 'Passport photo of the recipient' },
    { field: 'kraPinCert', title: 'KRA PIN certificate' },
    { field: 'proofOfOwnership', title: 'Proof of ownership (title deed)' },
    { field: 'lrAppReceipt', title: 'Transfer application payment receipt' },
    { field: 'landSearch', title: 'Official land search' },
  ],
  fee: { rule: 'none' },
  workflow: 'review-and-issue',
  produces: 'land-transfer-approval',
  submit: {
    method: 'POST',
    path: '/api/lands/application/add_lr_application',
    success_message: 'LR application submitted successfully',
  },
});

export default landTransfer;
