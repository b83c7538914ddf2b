import { defineService } from '../../../define-service';

/**
 * Essential services: the county's miscellaneous charges (an exhauster, a grave plot, a grader by
 * the hour, a fire engine at an event), chosen down the county's product tree — the spec's four
 * levels, each a reference data list of this folder following the one before it — and a
 * quantity of the item's unit. A bill, paid by M-Pesa; on payment the receipt and the county's
 * letter confirming the service booked (workflow "instant"). The fee is the item's tariff row
 * (schedule "essential-services") times the quantity.
 */
export default defineService({
  id: 'essential-services',
  route: '/essential-services',
  area: 'payments',
  title: 'Essential Services',
  description: 'Pay for county services: exhausters, burial plots, equipment hire, fire standby and more.',
  menu: true,
  order: 1,
  application_prefix: 'ESS',
  reference_field: 'location',
  steps: [
    {
      id: 'product',
      title: 'Service',
      description: 'Choose the service from the county’s list, step by step.',
      fields: [
        {
          name: 'essential_product',
          kind: 'select',
          label: 'Department',
          options: { list: 'EssentialProducts' },
          example: 'ENV',
          required_message: 'Please choose the department',
        },
        {
          name: 'sub_product',
          kind: 'select',
          label: 'Service',
          options: { list: 'EssentialServicesSubProducts', params: { parent: 'essential_product' } },
          example: 'ENV-EXH',
          required_message: 'Please choose the service',
        },
        {
          name: 'sub_product_2',
          kind: 'select',
          label: 'Kind of service',
          options: { list: 'essentialservicessubproducts2', params: { parent: 'sub_product' } },
          example: 'ENV-EXH-RES',
          required_message: 'Please choose the kind of service',
        },
        {
          name: 'product_code',
          kind: 'select',
          label: 'Item',
          options: { list: 'NRSGlobalSub3Products', params: { parent: 'sub_product_2' } },
          example: 'ENV-EXH-RES-10',
          required_message: 'Please choose the item',
        },
        {
          name: 'quantity',
          kind: 'integer',
          label: 'Quantity',
          hint: 'How many of the item’s unit (trips, hours, plots, events…)',
          min: 1,
          max: 100,
          example: 2,
          required_message: 'Please enter the quantity',
        },
      ],
    },
    {
      id: 'where',
      title: 'Where and when',
      fields: [
        {
          name: 'location',
          kind: 'text',
          label: 'Where the service is needed',
          hint: 'Estate, road and house or plot, or the cemetery’s section',
          min: 3,
          max: 120,
          example: 'Buruburu Phase 2, Mumias South Road, House 14',
          required_message: 'Please enter where the service is needed',
        },
        {
          name: 'service_date',
          kind: 'date',
          label: 'Date wanted',
          min_date: 'today',
          max_date: '+90d',
          required_message: 'Please enter the date wanted',
        },
      ],
    },
  ],
  fee: {
    rule: 'per-unit',
    params: {
      schedule: 'essential-services',
      key_fields: ['product_code'],
      count_field: 'quantity',
      unit: 'unit',
    },
  },
  workflow: 'instant',
  produces: 'essential-service-letter',
  submit: { method: 'POST', success_message: 'Essential service request submitted. Please pay the bill.' },
});
