import { defineService } from '../../../define-service';
import { businessFields, checkStep } from '../../business/shared-fields';
import { subCountyField, wardField } from '../../land/shared-fields';
import { advertisingZoneField } from '../shared-fields';

/**
 * A sign or advert on the business's own premises (a wall sign, a projecting sign, a window
 * sign): each sign is listed with its size, whether it is lit, and its wording, with photos;
 * each is charged per square metre by the zone and the kind of sign (schedule "business-signs",
 * item "zone:type", × its square metres). Paid, then reviewed by the county's advertising
 * officers; renewed yearly from `/permits`.
 */
export const advertisements = defineService({
  id: 'advertisements',
  route: '/advertisements',
  area: 'licensing',
  title: 'Business Signs and Adverts',
  description: "Apply for the yearly permit for the signs and adverts on your business's own premises.",
  menu: true,
  order: 4,
  application_prefix: 'ADV',
  reference_field: 'business_name',
  holder_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      description: 'The business whose signs they are.',
      helper: 'business-finder',
      fields: businessFields,
    },
    {
      id: 'location',
      title: 'Premises',
      description: 'Where the signs are: the zone sets the rate per square metre.',
      fields: [
        {
          name: 'location',
          kind: 'text',
          label: 'Premises and road',
          hint: 'e.g. Kimathi House, Kimathi Street (facing Kenyatta Avenue)',
          max: 160,
          min: 3,
          example: 'Kimathi House, Kimathi Street (facing Kenyatta Avenue)',
          required_message: 'Please enter the premises and road',
        },
        subCountyField,
        wardField,
        advertisingZoneField,
      ],
    },
    {
      id: 'signs',
      title: 'Signs',
      description: 'Every sign or advert on the premises, and photos of them.',
      fields: [
        {
          name: 'signs',
          kind: 'group',
          label: 'Signs and adverts',
          entry_label: 'Sign',
          min: 1,
          max: 20,
          required_message: 'Please add at least one sign',
          fields: [
            {
              name: 'type',
              kind: 'select',
              label: 'Kind of sign',
              options: {
                static: [
                  { value: 'wall-sign', label: 'Wall-mounted sign, not lit' },
                  { value: 'wall-sign-lit', label: 'Wall-mounted sign, illuminated' },
                  { value: 'projecting-sign', label: 'Projecting sign' },
                  { value: 'window-sign', label: 'Window or door sign' },
                ],
              },
              example: 'wall-sign-lit',
              required_message: 'Please choose the kind of sign',
            },
            {
              name: 'size',
              kind: 'number',
              label: 'Size (square metres)',
              hint: 'Width × height of the display; a part of a square metre is charged as a whole one',
              min: 0.1,
              max: 200,
              example: 3,
              required_message: 'Please enter the size',
            },
            {
              name: 'faces',
              kind: 'integer',
              label: 'Faces',
              min: 1,
              max: 2,
              example: 1,
              required_message: 'Please enter the number of faces',
            },
            {
              name: 'wording',
              kind: 'text',
              label: 'Wording',
              max: 120,
              example: 'Savannah Café',
              required_message: 'Please enter the wording of the sign',
            },
          ],
        },
        {
          name: 'signPhotos',
          kind: 'file',
          label: 'Photos of the signs, or their designs',
          hint: 'One file with every sign: JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload photos of the signs or their designs',
        },
      ],
    },
    checkStep,
  ],
  required_documents: [{ field: 'signPhotos', title: 'Photos of the signs, or their designs' }],
  fee: {
    rule: 'per-entry',
    params: {
      schedule: 'business-signs',
      group: 'signs',
      key_fields: ['advertising_zone', 'type'],
      per: { field: 'size', unit: 'square metre' },
    },
  },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'outdoor-advertising-permit',
  submit: { method: 'POST', success_message: 'Advertisement application submitted successfully' },
  validity: { days: 365 },
});

export default advertisements;
