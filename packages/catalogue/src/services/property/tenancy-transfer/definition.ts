import { defineService } from '../../../define-service';

/**
 * Transfer of a county tenancy to another person: a spouse or child (on the tenant's death,
 * retirement or move), or a buyer of the tenancy interest the county approves. The tenancy must be
 * one the applicant's account holds, and the new tenant must hold a portal account (the estates
 * area checks both). The bill carries the tenancy's unpaid rent besides the transfer fee, so paying
 * it clears the balance first (decision 036). Reviewed with four eyes; once issued the tenancy
 * moves to the new tenant and the letter prints at /downloads/letter-of-property.
 */
export const tenancyTransfer = defineService({
  id: 'tenancy-transfer',
  route: '/tenancy-transfer',
  area: 'property',
  title: 'Tenancy Transfer',
  description: 'Transfer your county tenancy to a spouse, a child or an approved buyer of the interest.',
  menu: true,
  order: 3,
  application_prefix: 'TTR',
  reference_field: 'tenancy_no',
  steps: [
    {
      id: 'tenancy',
      title: 'Tenancy',
      description:
        'The county house or unit you rent, by its tenancy number (on /properties). Any rent still unpaid on it is added to the bill, so it is cleared before the transfer.',
      fields: [
        {
          name: 'tenancy_no',
          kind: 'text',
          label: 'Tenancy number',
          hint: 'As on your rent statement, e.g. NCC-KAL-0114',
          placeholder: 'NCC-KAL-0114',
          // The demo citizen's Makongeni tenancy: transferring it leaves her Kaloleni one to the
          // other tenancy services' examples (next of kin, a repair).
          example: 'NCC-MAK-0309',
          pattern: {
            regex: '[A-Za-z]{3}-[A-Za-z]{3}-\\d{4}',
            message: 'Please enter a tenancy number such as NCC-KAL-0114',
          },
          required_message: 'Please enter the tenancy number',
        },
      ],
    },
    {
      id: 'new-tenant',
      title: 'New tenant',
      description:
        'The person the tenancy goes to. They need an account of this portal with the phone number below.',
      fields: [
        {
          name: 'new_tenant_name',
          kind: 'text',
          label: "New tenant's full name",
          example: 'Otieno Odhiambo',
          required_message: "Please enter the new tenant's full name",
        },
        {
          name: 'new_tenant_id_number',
          kind: 'text',
          label: "New tenant's ID number",
          hint: 'As on the national ID card',
          example: '27654321',
          pattern: { regex: '\\d{6,9}', message: 'Please enter an ID number of 6 to 9 digits' },
          required_message: "Please enter the new tenant's ID number",
        },
        {
          name: 'new_tenant_phone',
          kind: 'phone',
          label: "New tenant's phone number",
          hint: 'The phone number of their account on this portal',
          example: '0722334455',
          required_message: "Please enter the new tenant's phone number",
        },
        {
          name: 'relationship',
          kind: 'select',
          label: 'The new tenant is your',
          options: {
            static: [
              { value: 'spouse', label: 'Spouse' },
              { value: 'child', label: 'Son or daughter' },
              { value: 'buyer', label: 'Buyer of the tenancy interest (approved by the county)' },
              { value: 'relative', label: 'Other relative' },
            ],
          },
          example: 'spouse',
          required_message: 'Please choose who the new tenant is',
        },
        {
          name: 'new_tenant_consent',
          kind: 'checkbox',
          label: 'The new tenant agrees to take over the tenancy, its rent and its terms',
          example: true,
          required_message: "Please confirm the new tenant's consent",
        },
      ],
    },
    {
      id: 'reasons',
      title: 'Reasons',
      description: 'Why the tenancy is transferred.',
      fields: [
        {
          name: 'reason',
          kind: 'select',
          label: 'Reason for the transfer',
          options: {
            static: [
              { value: 'death', label: 'Death of the tenant' },
              { value: 'retirement', label: 'Retirement or ill health' },
              { value: 'relocation', label: 'Moving away from the county' },
              { value: 'sale', label: 'Sale of the tenancy interest' },
            ],
          },
          example: 'relocation',
          required_message: 'Please choose the reason for the transfer',
        },
        {
          name: 'reason_details',
          kind: 'textarea',
          label: 'Tell us more',
          hint: 'What has happened, and since when',
          example:
            'I am moving to Nyeri to care for my parents; my husband stays in the house with our children.',
          required_message: 'Please tell us more about the reason',
        },
      ],
    },
    {
      id: 'documents',
      title: 'Documents',
      description: 'The documents the estates office needs to approve the transfer.',
      fields: [
        {
          name: 'supporting_document',
          kind: 'file',
          label: 'Death certificate, marriage certificate or sale agreement',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the supporting document',
        },
        {
          name: 'consent_letter',
          kind: 'file',
          label: "The new tenant's signed consent",
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: "Please upload the new tenant's signed consent",
        },
      ],
    },
  ],
  required_documents: [
    { field: 'supporting_document', title: 'Death certificate, marriage certificate or sale agreement' },
    { field: 'consent_letter', title: "The new tenant's signed consent" },
  ],
  derived: [
    { name: 'house', description: 'The house or unit of the tenancy, in words.' },
    { name: 'monthly_rent', description: 'The monthly rent of the tenancy.' },
    {
      name: 'arrears_cents',
      description: 'The rent and penalties unpaid on the tenancy when applying, in cents.',
    },
    { name: 'arrears', description: 'The rent and penalties unpaid on the tenancy when applying, in words.' },
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        {
          rule: 'carried',
          params: {
            field: 'arrears_cents',
            description: 'Unpaid rent and penalties of the tenancy, cleared before the transfer',
            description_sw: 'Kodi na adhabu ambazo hazijalipwa za upangaji, zinazolipwa kabla ya uhamisho',
          },
        },
        { rule: 'fixed', params: { schedule: 'estates', item: 'tenancy-transfer' } },
      ],
    },
  },
  workflow: 'pay-then-review',
  produces: 'tenancy-transfer-letter',
  submit: { method: 'POST', success_message: 'Your tenancy transfer application has been submitted' },
});

export default tenancyTransfer;
