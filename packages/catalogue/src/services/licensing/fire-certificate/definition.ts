import { defineService } from '../../../define-service';
import { businessFields, checkStep } from '../../business/shared-fields';
import { licensedPremisesFields } from '../shared-fields';

/**
 * The fire safety certificate: the county's fire and rescue department inspects a premises (its
 * use, size and fire equipment, listed as a repeating group) and certifies it for a year. The fee
 * is by floor area (schedule "fire-inspection", a band); paid, then reviewed — the inspecting
 * officer approves after the visit, another issues. Renewed yearly from `/permits`.
 */
export const fireCertificate = defineService({
  id: 'fire-certificate',
  route: '/fire-certificate',
  area: 'licensing',
  title: 'Fire Safety Certificate',
  description: 'Apply for the yearly fire safety inspection and certificate of your premises.',
  menu: true,
  order: 6,
  application_prefix: 'FSC',
  reference_field: 'premises_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The occupier of the premises, who will hold the certificate.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'premises',
      title: 'Premises',
      description: 'The premises to be inspected.',
      fields: [
        ...licensedPremisesFields,
        {
          name: 'use_of_premises',
          kind: 'select',
          label: 'Use of the premises',
          options: {
            static: [
              { value: 'shop', label: 'Shop or office' },
              { value: 'eating-house', label: 'Eating house, bar or restaurant' },
              { value: 'hotel', label: 'Hotel or lodging' },
              { value: 'warehouse', label: 'Warehouse or store' },
              { value: 'factory', label: 'Factory or workshop' },
              { value: 'fuel-station', label: 'Fuel station or gas depot' },
              { value: 'institution', label: 'School, hospital or other institution' },
            ],
          },
          example: 'eating-house',
          required_message: 'Please choose the use of the premises',
        },
        {
          name: 'floor_area_m2',
          kind: 'integer',
          label: 'Floor area (square metres)',
          hint: 'All floors the business uses, added up',
          min: 1,
          max: 1_000_000,
          example: 120,
          required_message: 'Please enter the floor area',
        },
      ],
    },
    {
      id: 'equipment',
      title: 'Fire equipment',
      description: 'The fire equipment the premises have now; the inspector checks each.',
      fields: [
        {
          name: 'equipment',
          kind: 'group',
          label: 'Fire equipment',
          entry_label: 'Equipment',
          min: 1,
          max: 30,
          required_message: 'Please add at least one piece of fire equipment',
          fields: [
            {
              name: 'equipment_type',
              kind: 'select',
              label: 'Type',
              options: {
                static: [
                  { value: 'extinguisher-dcp', label: 'Fire extinguisher, dry powder' },
                  { value: 'extinguisher-co2', label: 'Fire extinguisher, carbon dioxide' },
                  { value: 'extinguisher-foam', label: 'Fire extinguisher, foam or water' },
                  { value: 'hose-reel', label: 'Hose reel' },
                  { value: 'fire-blanket', label: 'Fire blanket' },
                  { value: 'alarm', label: 'Fire alarm or smoke detector' },
                  { value: 'sprinkler', label: 'Sprinkler system' },
                ],
              },
              example: 'extinguisher-dcp',
              required_message: 'Please choose the type',
            },
            {
              name: 'quantity',
              kind: 'integer',
              label: 'How many',
              min: 1,
              max: 500,
              example: 2,
              required_message: 'Please enter how many',
            },
            {
              name: 'last_serviced',
              kind: 'date',
              label: 'Last serviced',
              min_date: '-10y',
              max_date: 'today',
              required_message: 'Please enter the date it was last serviced',
            },
          ],
        },
      ],
    },
    checkStep,
  ],
  fee: {
    rule: 'band',
    params: {
      schedule: 'fire-inspection',
      field: 'floor_area_m2',
      bands: [
        { up_to: 50, item: 'up-to-50' },
        { up_to: 100, item: 'up-to-100' },
        { up_to: 300, item: 'up-to-300' },
        { up_to: 1000, item: 'up-to-1000' },
        { up_to: null, item: 'over-1000' },
      ],
    },
  },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'fire-safety-certificate',
  submit: { method: 'POST', success_message: 'Fire safety application submitted successfully' },
  validity: { days: 365 },
});

export default fireCertificate;
