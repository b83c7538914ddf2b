import { defineService } from '../../../define-service';

/**
 * Fish trading licence: a trader's yearly licence to buy, store and sell fish (the Fisheries
 * Management and Development Act, 2016 and the county's trade law): the trader, the category
 * (retail, wholesale, transport — a transporter names the vehicle), the market or premises and
 * the fish traded. The fee is the category's (schedule "fish-trading"). Paid, then reviewed (a
 * public health or fisheries officer approves, another issues), printed from the registered
 * fish-trading-licence template (/downloads/fish-trading-licence), valid a year.
 */
export default defineService({
  id: 'fish-trading-licence',
  route: '/fish-trading-licence',
  area: 'health',
  title: 'Fish Trading Licence',
  description: 'Apply for the yearly licence to buy, store and sell fish.',
  menu: true,
  order: 9,
  application_prefix: 'FTL',
  reference_field: 'market',
  holder_field: 'trader_name',
  steps: [
    {
      id: 'trader',
      title: 'Trader',
      fields: [
        {
          name: 'trader_name',
          kind: 'text',
          label: 'Name of the trader or business',
          hint: 'As the licence should name it',
          min: 3,
          max: 120,
          required_message: 'Please enter the name of the trader or business',
          example: 'Otieno Juma Achola',
        },
        {
          name: 'trade_category',
          kind: 'select',
          label: 'Category',
          options: {
            static: [
              { value: 'retail', label: 'Retail' },
              { value: 'wholesale', label: 'Wholesale' },
              { value: 'transport', label: 'Transport' },
            ],
          },
          required_message: 'Please select the category',
          example: 'retail',
        },
        {
          name: 'vehicle_plate',
          kind: 'plate',
          label: 'Vehicle registration',
          hint: 'The insulated vehicle that carries the fish',
          show_when: { field: 'trade_category', equals: 'transport' },
          required_message: 'Please enter the vehicle registration',
          example: 'KDA 123A',
        },
      ],
    },
    {
      id: 'premises',
      title: 'Market and fish',
      fields: [
        {
          name: 'market',
          kind: 'text',
          label: 'Market, stall or premises',
          hint: 'e.g. City Park Market, stall 41',
          min: 3,
          max: 150,
          required_message: 'Please enter the market, stall or premises',
          example: 'City Park Market, stall 41',
        },
        {
          name: 'products',
          kind: 'text',
          label: 'Fish and fish products traded',
          hint: 'e.g. fresh and dried tilapia, omena',
          min: 3,
          max: 150,
          required_message: 'Please enter the fish and fish products traded',
          example: 'Fresh and dried tilapia, omena',
        },
        {
          name: 'cold_storage',
          kind: 'select',
          label: 'How the fish is kept cold',
          options: {
            static: [
              { value: 'ice', label: 'Ice boxes' },
              { value: 'freezer', label: 'Freezer or cold room' },
              { value: 'dried', label: 'Dried or smoked fish only' },
            ],
          },
          required_message: 'Please select how the fish is kept cold',
          example: 'ice',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'fish-trading', key_fields: ['trade_category'] } },
  renewable: true,
  workflow: 'pay-then-review',
  produces: 'fish-trading-licence',
  submit: { method: 'POST', success_message: 'Fish trading licence application submitted successfully' },
});
