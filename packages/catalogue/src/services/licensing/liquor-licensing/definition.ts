import { defineService } from '../../../define-service';
import { businessFields, checkStep } from '../../business/shared-fields';
import { licensedPremisesFields } from '../shared-fields';

/**
 * The alcoholic drinks licence (Nairobi City County Alcoholic Drinks Control and Licensing Act,
 * 2014): a business licenses one premises for one category of sale, for a year. The fee is the
 * category's (schedule "liquor-licence"); the licence is paid first, then the county's liquor
 * officers inspect the premises (the approving officer records the visit in the decision's reason)
 * and another officer issues it. Licences run a year and are renewed from `/permits`.
 */
export const liquorLicensing = defineService({
  id: 'liquor-licensing',
  // Spelled so in the spec's route list.
  route: '/liqour-licensing',
  area: 'licensing',
  title: 'Liquor Licence',
  description: 'Apply for or renew the yearly licence to sell alcoholic drinks at your premises.',
  menu: true,
  order: 1,
  application_prefix: 'LIQ',
  reference_field: 'premises_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business that will hold the licence.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'premises',
      title: 'Premises',
      description: 'Where the drinks are sold: the licence is for these premises only.',
      fields: licensedPremisesFields,
    },
    {
      id: 'licence',
      title: 'Licence',
      description: 'What kind of sale, and when: together they decide the fee and the hours.',
      fields: [
        {
          name: 'licence_type',
          kind: 'select',
          label: 'Licence category',
          options: {
            static: [
              { value: 'bar', label: 'General retail: bar (on-premises consumption)' },
              { value: 'bar-restaurant', label: 'Bar and restaurant' },
              {
                value: 'off-licence',
                label: 'Wines and spirits shop (off-licence, no drinking on premises)',
              },
              { value: 'supermarket', label: 'Supermarket or retail chain store' },
              { value: 'hotel', label: 'Hotel (residents and diners)' },
              { value: 'club', label: "Members' club" },
              { value: 'wholesale', label: 'Wholesale or distributor' },
            ],
          },
          example: 'bar-restaurant',
          required_message: 'Please choose the licence category',
        },
        {
          name: 'trading_hours',
          kind: 'select',
          label: 'Hours of trading',
          hint: 'The hours the county allows for the category; a club or hotel may ask for the longer hours',
          options: {
            static: [
              {
                value: 'on-standard',
                label: 'Monday to Friday 5 p.m. to 11 p.m.; weekends and public holidays 2 p.m. to 11 p.m.',
              },
              { value: 'off-standard', label: 'Every day 10 a.m. to 10 p.m. (off-premises sale)' },
              { value: 'extended', label: 'Every day 11 a.m. to 2 a.m. (hotels and clubs only)' },
            ],
          },
          example: 'on-standard',
          required_message: 'Please choose the hours of trading',
        },
        {
          name: 'seating_capacity',
          kind: 'integer',
          label: 'Seating capacity',
          hint: 'Seats for customers; 0 for a shop',
          min: 0,
          max: 5000,
          example: 60,
          required_message: 'Please enter the seating capacity',
        },
      ],
    },
    {
      id: 'certificates',
      title: "The premises' certificates",
      description: 'Scans or photos of the certificates the premises already hold.',
      fields: [
        {
          name: 'publicHealthCertificate',
          kind: 'file',
          label: 'Public health certificate of the premises',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the public health certificate',
        },
        {
          name: 'fireCertificate',
          kind: 'file',
          label: 'Fire safety certificate',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the fire safety certificate',
        },
        {
          name: 'kraCompliance',
          kind: 'file',
          label: 'KRA tax compliance certificate',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the KRA tax compliance certificate',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [
    { field: 'publicHealthCertificate', title: 'Public health certificate of the premises' },
    { field: 'fireCertificate', title: 'Fire safety certificate' },
    { field: 'kraCompliance', title: 'KRA tax compliance certificate' },
  ],
  fee: { rule: 'schedule', params: { schedule: 'liquor-licence', key_fields: ['licence_type'] } },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'liquor-licence',
  submit: { method: 'POST', success_message: 'Liquor licence application submitted successfully' },
  validity: { days: 365 },
});

export default liquorLicensing;
