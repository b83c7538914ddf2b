import { defineService } from '../../../define-service';
import { lrNumberField } from '../shared-fields';

/**
 * Add land: link a parcel to the customer's account after the parcel is validated (it exists,
 * and no other account holds it). No application and no fee: the link is made at once.
 */
export const addLand = defineService({
  id: 'add-land',
  route: '/add-land',
  area: 'land',
  title: 'Add Land',
  description: 'Link a parcel you own to your account to see and pay its rates.',
  menu: false,
  order: 7,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel',
      description: 'Enter the LR number on your title deed.',
      fields: [lrNumberField],
    },
  ],
  fee: { rule: 'none' },
  workflow: 'direct',
  produces: 'none',
  submit: {
    method: 'POST',
    path: '/api/lands/land_r/LinkLandParceltoCustomer',
    success_message: 'Parcel added to your account',
  },
});

export default addLand;
