import { defineService } from '../../../define-service';

/**
 * Export health certificate: the county public health office's certificate that a consignment
 * of food for export was inspected and found fit for human consumption. The exporter (the holder,
 * with its KRA PIN), the product lines (a repeating group: product, quantity, unit), the
 * destination and port of exit, where and when the consignment is inspected. The fee is the
 * certificate plus an inspection charge per product line (schedule "export-certificate"). Paid,
 * then reviewed: the inspecting officer approves, another issues (four eyes). Printed at
 * /downloads/health-certificate with the product lines, valid 30 days for shipment.
 */
export default defineService({
  id: 'export-certificate',
  route: '/export-certificate',
  area: 'health',
  title: 'Export Health Certificate',
  description: 'Apply for the health certificate of a consignment of food for export.',
  menu: true,
  order: 3,
  application_prefix: 'EXP',
  reference_field: 'destination_country',
  holder_field: 'exporter_name',
  steps: [
    {
      id: 'exporter',
      title: 'Exporter',
      fields: [
        {
          name: 'exporter_name',
          kind: 'text',
          label: 'Name of the exporter',
          hint: 'The person or company as registered',
          min: 3,
          max: 120,
          required_message: 'Please enter the name of the exporter',
          example: 'Savannah Fresh Foods Limited',
        },
        {
          name: 'exporter_kra_pin',
          kind: 'kra-pin',
          label: "Exporter's KRA PIN",
          required_message: "Please enter the exporter's KRA PIN",
          example: 'P051365947M',
        },
        {
          name: 'exporter_phone',
          kind: 'phone',
          label: 'Phone number for the inspection',
          required_message: 'Please enter the phone number for the inspection',
          example: '0722000111',
        },
      ],
    },
    {
      id: 'consignment',
      title: 'Consignment',
      description: 'What is exported, where to, and where it is inspected.',
      fields: [
        {
          name: 'products',
          kind: 'group',
          label: 'Product lines',
          entry_label: 'Product line',
          add_label: 'Add another product',
          min: 1,
          max: 20,
          required_message: 'Please add at least one product',
          fields: [
            {
              name: 'product',
              kind: 'text',
              label: 'Product',
              hint: 'e.g. Fresh avocados (Hass)',
              min: 2,
              max: 100,
              required_message: 'Please enter the product',
              example: 'Fresh avocados (Hass)',
            },
            {
              name: 'quantity',
              kind: 'number',
              label: 'Quantity',
              min: 0.01,
              max: 10_000_000,
              required_message: 'Please enter the quantity',
              example: 12_000,
            },
            {
              name: 'unit',
              kind: 'select',
              label: 'Unit',
              options: {
                static: [
                  { value: 'kg', label: 'Kilograms' },
                  { value: 'tonnes', label: 'Tonnes' },
                  { value: 'litres', label: 'Litres' },
                  { value: 'cartons', label: 'Cartons' },
                ],
              },
              required_message: 'Please select the unit',
              example: 'kg',
            },
          ],
        },
        {
          name: 'destination_country',
          kind: 'text',
          label: 'Country of destination',
          min: 3,
          max: 60,
          required_message: 'Please enter the country of destination',
          example: 'Netherlands',
        },
        {
          name: 'port_of_exit',
          kind: 'select',
          label: 'Port of exit',
          options: {
            static: [
              { value: 'JKIA', label: 'Jomo Kenyatta International Airport' },
              { value: 'MSA', label: 'Port of Mombasa' },
              { value: 'MAL', label: 'Malaba border post' },
              { value: 'BUS', label: 'Busia border post' },
              { value: 'NAM', label: 'Namanga border post' },
            ],
          },
          required_message: 'Please select the port of exit',
          example: 'JKIA',
        },
        {
          name: 'inspection_place',
          kind: 'text',
          label: 'Where the consignment is inspected',
          hint: 'The pack house or store: building, road and area',
          min: 5,
          max: 200,
          required_message: 'Please enter where the consignment is inspected',
          example: 'Savannah pack house, Airport North Road, Embakasi',
        },
        {
          name: 'inspection_date',
          kind: 'date',
          label: 'Date of the inspection',
          hint: 'A weekday within the next 30 days',
          min_date: 'today',
          max_date: '+30d',
          required_message: 'Please enter the date of the inspection',
        },
      ],
    },
  ],
  fee: {
    rule: 'sum',
    params: {
      rules: [
        { rule: 'fixed', params: { schedule: 'export-certificate', item: 'certificate' } },
        {
          rule: 'per-unit',
          params: {
            schedule: 'export-certificate',
            item: 'inspection',
            count_field: 'products',
            unit: 'product line',
          },
        },
      ],
    },
  },
  workflow: 'pay-then-review',
  produces: 'export-health-certificate',
  submit: { method: 'POST', success_message: 'Export certificate application submitted successfully' },
  validity: { days: 30 },
});
