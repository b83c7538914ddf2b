import { defineTariff, kes } from '../../../tariff';

/** The rates search fee (schedule "land-fees", item "rates-search"). */
const row = (amount: number) => ({
  schedule: 'land-fees',
  item: 'rates-search',
  description: 'Rates search fee',
  description_sw: 'Ada ya utafutaji wa kodi ya ardhi',
  amount_cents: kes(amount),
  effective_from: '2023-07-01',
});

export default defineTariff({ nairobi: [row(1_000)], mombasa: [row(1_000)] });
