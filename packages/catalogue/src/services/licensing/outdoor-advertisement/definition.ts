import { defineService } from '../../../define-service';
import { checkStep } from '../../business/shared-fields';
import { subCountyField, wardField } from '../../land/shared-fields';
import { advertisingZoneField } from '../shared-fields';

/**
 * Outdoor advertising structures on or beside the county's roads — billboards, wall wraps, sky
 * signs, gantries — by an advertiser or an outdoor advertising company: each structure is listed
 * (type, size, faces, road and position) with one site plan for them all; each is charged per
 * square metre a year by zone and type (schedule "outdoor-advertising", item "zone:type", × its
 * square metres). Paid, then reviewed; the permit prints the table of signs, and is renewed
 * yearly from `/permits`.
 */
export const outdoorAdvertisement = defineService({
  id: 'outdoor-advertisement',
  route: '/outdoor-advertisement',
  area: 'licensing',
  title: 'Outdoor Advertising (Billboards)',
  description: 'Apply for the yearly permit for billboards, wall wraps and sky signs on or beside roads.',
  menu: true,
  order: 5,
  application_prefix: 'OAD',
  reference_field: 'advertiser_name',
  holder_field: 'advertiser_name',
  steps: [
    {
      id: 'advertiser',
      title: 'Advertiser',
      description: 'The company that owns the structures and will hold the permit.',
      fields: [
        {
          name: 'advertiser_name',
          kind: 'text',
          label: 'Name of the advertiser',
          hint: 'As registered, e.g. Kilimani Outdoor Media Limited',
          max: 120,
          min: 2,
          example: 'Kilimani Outdoor Media Limited',
          required_message: 'Please enter the name of the advertiser',
        },
        {
          name: 'kra_pin',
          kind: 'kra-pin',
          label: 'KRA PIN of the advertiser',
          hint: 'P… for a company, A… for a person, e.g. P051365947M',
          example: 'P051365947M',
          required_message: 'Please enter the KRA PIN of the advertiser',
        },
        {
          name: 'advertiser_phone',
          kind: 'phone',
          label: 'Phone number',
          hint: 'Permit reminders are sent here by SMS',
          example: '0722445566',
          required_message: 'Please enter the phone number',
        },
      ],
    },
    {
      id: 'site',
      title: 'Site',
      description: 'Where the structures stand: the zone sets the rate per square metre.',
      fields: [
        subCountyField,
        wardField,
        advertisingZoneField,
        {
          name: 'sitePlan',
          kind: 'file',
          label: 'Site plan showing every structure',
          hint: 'JPEG, PNG or PDF, up to 5 MB',
          required_message: 'Please upload the site plan',
        },
      ],
    },
    {
      id: 'signs',
      title: 'Structures',
      description: 'Every billboard, wall wrap or sky sign: each is charged by its type and size.',
      fields: [
        {
          name: 'signs',
          kind: 'group',
          label: 'Advertising structures',
          entry_label: 'Structure',
          add_label: 'Add another structure',
          min: 1,
          max: 30,
          required_message: 'Please add at least one structure',
          fields: [
            {
              name: 'type',
              kind: 'select',
              label: 'Type',
              options: {
                static: [
                  { value: 'billboard', label: 'Billboard' },
                  { value: 'wall-wrap', label: 'Wall wrap' },
                  { value: 'sky-sign', label: 'Sky sign (on a roof)' },
                  { value: 'gantry', label: 'Gantry over a road' },
                  { value: 'lamp-post', label: 'Lamp-post or street pole advert' },
                ],
              },
              example: 'billboard',
              required_message: 'Please choose the type',
            },
            {
              name: 'size',
              kind: 'number',
              label: 'Size of each face (square metres)',
              hint: 'A part of a square metre is charged as a whole one',
              min: 0.1,
              max: 500,
              example: 28,
              required_message: 'Please enter the size',
            },
            {
              name: 'faces',
              kind: 'integer',
              label: 'Faces',
              min: 1,
              max: 4,
              example: 2,
              required_message: 'Please enter the number of faces',
            },
            {
              name: 'road',
              kind: 'text',
              label: 'Road',
              max: 80,
              example: 'Mombasa Road',
              required_message: 'Please enter the road',
            },
            {
              name: 'position',
              kind: 'text',
              label: 'Position',
              hint: 'e.g. 200 m after the Capital Centre, facing the city',
              max: 120,
              example: '200 m after the Capital Centre, facing the city',
              required_message: 'Please describe the position',
            },
          ],
        },
      ],
    },
    checkStep,
  ],
  required_documents: [{ field: 'sitePlan', title: 'Site plan showing every structure' }],
  fee: {
    rule: 'per-entry',
    params: {
      schedule: 'outdoor-advertising',
      group: 'signs',
      key_fields: ['advertising_zone', 'type'],
      per: { field: 'size', unit: 'square metre', times: 'faces' },
    },
  },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'outdoor-advertising-structures-permit',
  submit: { method: 'POST', success_message: 'Outdoor advertising application submitted successfully' },
  validity: { days: 365 },
});

export default outdoorAdvertisement;
