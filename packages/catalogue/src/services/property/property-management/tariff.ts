import { defineTariff, kes } from '../../../tariff';

/** Application for the allocation of a county house or unit: the waiting list (schedule "estates"). */
const row = (amount: number) => [
  {
    schedule: 'estates',
    item: 'allocation',
    description: 'Application for allocation of a county house or unit (waiting list registration)',
    description_sw: 'Ombi la kupewa nyumba au chumba cha kaunti (usajili kwenye orodha ya kusubiri)',
    amount_cents: kes(amount),
    effective_from: '2024-07-01',
  },
];

export default defineTariff({ nairobi: row(1_000), mombasa: row(1_000) });
