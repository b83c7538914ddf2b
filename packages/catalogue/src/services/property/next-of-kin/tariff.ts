import { defineTariff, kes } from '../../../tariff';

/** Next of kin registration on a county tenancy (schedule "estates"). */
const row = (amount: number) => [
  {
    schedule: 'estates',
    item: 'next-of-kin',
    description: 'Next of kin registration, county tenancy',
    description_sw: 'Usajili wa jamaa wa karibu, upangaji wa kaunti',
    amount_cents: kes(amount),
    effective_from: '2024-07-01',
  },
];

export default defineTariff({ nairobi: row(500), mombasa: row(500) });
