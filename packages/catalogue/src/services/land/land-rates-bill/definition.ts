import { defineService } from '../../../define-service';
import { lrNumberField } from '../shared-fields';

/**
 * Land Rates Bill: the current bill of a parcel (this year's rates, arrears and penalty, from the
 * county's rating settings), raised at once as a bill the citizen can pay. No application is
 * kept (workflow "direct"): the answer of the submit call is the bill itself.
 */
export const landRatesBill = defineService({
  id: 'land-rates-bill',
  route: '/land-rates-bill',
  area: 'land',
  title: 'Land Rates Bill',
  description: 'Request for current Land Rates Bill.',
  menu: true,
  order: 1,
  application_prefix: 'LND',
  reference_field: 'lr_number',
  steps: [
    {
      id: 'parcel',
      title: 'Parcel',
      description: 'Enter the LR number of the parcel whose rates bill you want.',
      content: [
        {
          type: 'paragraph',
          text:
            "The bill shows this year's land rates (a percentage of the parcel's value on the " +
            'valuation roll), any arrears from earlier years and the penalty on them. Pay it by M-Pesa ' +
            'or at the bank with the bill number as the account number.',
        },
      ],
      fields: [lrNumberField],
    },
  ],
  fee: { rule: 'land-rates' },
  workflow: 'direct',
  produces: 'invoice',
  submit: {
    method: 'POST',
    path: '/api/lands/rates/current-bill',
    success_message: 'Your land rates bill is ready',
  },
});

export default landRatesBill;
