import { defineTariff, kes } from '../../../tariff';

/**
 * The medical examination and certificate of one food handler (schedule "food-handlers", item
 * "examination"), charged per handler listed. Honest estimate (decision 031): Nairobi's public
 * health offices charge about KES 1,000 a handler for the examination and certificate (stool,
 * urine and chest); the Finance Act prints it under public health fees without an item we can
 * quote. Mombasa: a demonstration figure in the same shape.
 */
const row = (amount: number) => ({
  schedule: 'food-handlers',
  item: 'examination',
  description: "Food handler's medical examination and certificate",
  description_sw: 'Uchunguzi wa matibabu na cheti cha mhudumu wa chakula',
  amount_cents: kes(amount),
  effective_from: '2024-07-01',
});

export default defineTariff({ nairobi: [row(1_000)], mombasa: [row(900)] });
