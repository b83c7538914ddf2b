import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * A reserved private bay (schedule "parking-reserved"): Nairobi KES 275,000 a year or 1,500 a day;
 * Mombasa: demonstration figures in the same shape.
 */
const rows = (yearly: number, daily: number): TariffRow[] => [
  {
    schedule: 'parking-reserved',
    item: 'yearly',
    description: 'Reserved parking bay, a year',
    description_sw: 'Nafasi ya maegesho iliyohifadhiwa, mwaka mmoja',
    amount_cents: kes(yearly),
    effective_from: '2023-07-01',
  },
  {
    schedule: 'parking-reserved',
    item: 'daily',
    description: 'Reserved parking bay, a day',
    description_sw: 'Nafasi ya maegesho iliyohifadhiwa, siku moja',
    amount_cents: kes(daily),
    effective_from: '2023-07-01',
  },
];

export default defineTariff({ nairobi: rows(275_000, 1_500), mombasa: rows(180_000, 1_000) });
