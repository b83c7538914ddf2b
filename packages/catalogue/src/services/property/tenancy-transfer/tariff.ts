import { defineTariff, kes } from '../../../tariff';

/** Transfer of a county tenancy (schedule "estates"). */
const row = (amount: number) => [
  {
    schedule: 'estates',
    item: 'tenancy-transfer',
    description: 'Transfer of a county tenancy',
    description_sw: 'Uhamisho wa upangaji wa kaunti',
    amount_cents: kes(amount),
    effective_from: '2024-07-01',
  },
];

export default defineTariff({ nairobi: row(5_000), mombasa: row(3_000) });
