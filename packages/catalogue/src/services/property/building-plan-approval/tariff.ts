import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Building plan fees (schedule "building-plans"): a plan registration fee, and a rate per square
 * metre of floor area by use class (item = the use class). Nairobi: figures of the order of its
 * e-development permit charges; Mombasa: demonstration figures in the same shape.
 */
const CLASSES = [
  ['RES', 'residential', 'makazi', 80, 60],
  ['COM', 'commercial', 'biashara', 150, 120],
  ['IND', 'industrial', 'viwanda', 120, 100],
  ['INS', 'institutional', 'taasisi', 60, 50],
  ['MIX', 'mixed use', 'matumizi mseto', 130, 100],
] as const;

const rows = (column: 3 | 4, registration: number): TariffRow[] => [
  {
    schedule: 'building-plans',
    item: 'registration',
    description: 'Building plan registration fee',
    description_sw: 'Ada ya kusajili ramani ya jengo',
    amount_cents: kes(registration),
    effective_from: '2023-07-01',
  },
  ...CLASSES.map((c) => ({
    schedule: 'building-plans',
    item: c[0],
    description: `Building plan approval, ${c[1]}, per square metre`,
    description_sw: `Idhini ya ramani ya jengo, ${c[2]}, kwa kila mita ya mraba`,
    amount_cents: kes(c[column]),
    effective_from: '2023-07-01',
  })),
];

export default defineTariff({ nairobi: rows(3, 5_000), mombasa: rows(4, 4_000) });
