import { defineTariff, kes } from '../../../tariff';

/** The rates clearance certificate fee (schedule "land-fees", item "land-clearance"). */
const row = (amount: number) => ({
  schedule: 'land-fees',
  item: 'land-clearance',
  description: 'Rates clearance certificate fee',
  description_sw: 'Ada ya cheti cha kutodaiwa kodi ya ardhi',
  amount_cents: kes(amount),
  effective_from: '2023-07-01',
});

export default defineTariff({ nairobi: [row(2_000)], mombasa: [row(2_500)] });
