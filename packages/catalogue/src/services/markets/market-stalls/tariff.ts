import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The allocation fee of a market stall, by the kind of stall (schedule "market-stall-allocation",
 * item the kind). Paid once, with the application; the stall's monthly rent is the markets area's
 * (each stall's own, a standing charge once allocated). Figures in the shape of Nairobi's market
 * charges; Mombasa's for demonstration.
 */
const KINDS = [
  ['open-space', 'Market stall allocation, open space', 'Ada ya kupewa nafasi ya wazi sokoni', 1_000, 800],
  ['kiosk', 'Market stall allocation, kiosk', 'Ada ya kupewa kibanda sokoni', 2_000, 1_500],
  ['lock-up', 'Market stall allocation, lock-up stall', 'Ada ya kupewa duka la kufunga sokoni', 3_000, 2_500],
  ['cold-room', 'Market stall allocation, cold room', 'Ada ya kupewa chumba baridi sokoni', 5_000, 4_000],
] as const;

const rows = (county: 'nairobi' | 'mombasa'): TariffRow[] =>
  KINDS.map(([item, description, description_sw, nairobi, mombasa]) => ({
    schedule: 'market-stall-allocation',
    item,
    description,
    description_sw,
    amount_cents: kes(county === 'nairobi' ? nairobi : mombasa),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows('nairobi'), mombasa: rows('mombasa') });
