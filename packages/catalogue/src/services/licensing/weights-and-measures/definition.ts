import { defineService } from '../../../define-service';
import { businessFields, checkStep } from '../../business/shared-fields';

/**
 * Verification of weighing and measuring equipment used for trade (Weights and Measures Act,
 * Cap. 513): a trader lists every scale, pump or measure (a repeating group), each charged by its
 * type and capacity (schedule "weights-and-measures", item "type:capacity", a line each); the
 * equipment is tested at the premises or brought to the county's office, and the certificate of
 * verification lists it. Paid, then reviewed (one officer approves, another issues); re-verified
 * yearly from `/permits`.
 */
export const weightsAndMeasures = defineService({
  id: 'weights-and-measures',
  route: '/weights-and-measures',
  area: 'licensing',
  title: 'Weights and Measures Verification',
  description: 'Have the scales, pumps and measures you trade with tested and stamped every year.',
  menu: true,
  order: 3,
  application_prefix: 'WMV',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business that uses the equipment for trade.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'instruments',
      title: 'Equipment',
      description: 'Every scale, pump or measure to be verified: each is charged by its type and capacity.',
      fields: [
        {
          name: 'instruments',
          kind: 'group',
          label: 'Weighing and measuring equipment',
          entry_label: 'Equipment',
          min: 1,
          max: 50,
          required_message: 'Please add at least one piece of equipment',
          fields: [
            {
              name: 'type',
              kind: 'select',
              label: 'Type of equipment',
              options: {
                static: [
                  { value: 'counter-scale', label: 'Counter or shop scale' },
                  { value: 'platform-scale', label: 'Platform scale' },
                  { value: 'weighbridge', label: 'Weighbridge' },
                  { value: 'fuel-dispenser', label: 'Fuel dispenser (per nozzle)' },
                  { value: 'liquid-measure', label: 'Liquid measure or meter' },
                ],
              },
              example: 'platform-scale',
              required_message: 'Please choose the type of equipment',
            },
            {
              name: 'capacity',
              kind: 'select',
              label: 'Capacity',
              options: {
                static: [
                  { value: 'small', label: 'Up to 30 kg (or 20 litres)' },
                  { value: 'medium', label: 'Over 30 kg up to 1,000 kg (or up to 1,000 litres)' },
                  { value: 'large', label: 'Over 1,000 kg (or over 1,000 litres)' },
                ],
              },
              example: 'medium',
              required_message: 'Please choose the capacity',
            },
            {
              name: 'make',
              kind: 'text',
              label: 'Make',
              max: 60,
              example: 'Avery',
              required_message: 'Please enter the make',
            },
            {
              name: 'serial_no',
              kind: 'text',
              label: 'Serial number',
              max: 40,
              example: 'AV-554120',
              required_message: 'Please enter the serial number',
            },
          ],
        },
      ],
    },
    {
      id: 'place',
      title: 'Place of verification',
      description: 'Where the inspector tests the equipment.',
      fields: [
        {
          name: 'verification_place',
          kind: 'select',
          label: 'Place of verification',
          options: {
            static: [
              { value: 'premises', label: "At the business's premises (the inspector visits)" },
              {
                value: 'county-office',
                label: "At the county's weights and measures office, City Hall Annex",
              },
            ],
          },
          example: 'premises',
          required_message: 'Please choose where the equipment is verified',
        },
        {
          name: 'premises',
          kind: 'text',
          label: 'Where the equipment is used',
          hint: 'Building, road or market and stall, e.g. City Park Market, stall 41',
          max: 160,
          min: 3,
          example: 'City Park Market, stall 41',
          required_message: 'Please say where the equipment is used',
        },
      ],
    },
    checkStep,
  ],
  fee: {
    rule: 'per-entry',
    params: { schedule: 'weights-and-measures', group: 'instruments', key_fields: ['type', 'capacity'] },
  },
  workflow: 'pay-then-review',
  produces: 'weights-and-measures-verification',
  submit: { method: 'POST', success_message: 'Verification application submitted successfully' },
  validity: { days: 365 },
});

export default weightsAndMeasures;
