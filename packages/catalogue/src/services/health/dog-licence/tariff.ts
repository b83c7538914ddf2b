import { defineTariff, kes } from '../../../tariff';

/**
 * The yearly dog licence (schedule "dog-licence", item "yearly"). Honest estimate (decision 031):
 * Nairobi's Finance Act lists dog licensing under its veterinary charges; KES 500 a year is the
 * figure its registered template shows and near what county veterinary offices charge. Mombasa:
 * a demonstration figure.
 */
const row = (amount: number) => ({
  schedule: 'dog-licence',
  item: 'yearly',
  description: 'Dog licence, one year',
  description_sw: 'Leseni ya mbwa, mwaka mmoja',
  amount_cents: kes(amount),
  effective_from: '2024-07-01',
});

export default defineTariff({ nairobi: [row(500)], mombasa: [row(400)] });
