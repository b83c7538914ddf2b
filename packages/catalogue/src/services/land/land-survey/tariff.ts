import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The county survey office's fees by type of survey (schedule "land-survey", item = the type's
 * code, the list `land-survey-service-types`). Nairobi: the shape of its Finance Act 2023
 * schedule of survey and planning fees; Mombasa: demonstration figures in the same shape (a
 * deployment loads the Act in force).
 */
const TYPES = [
  ['SV-BRE', 'Boundary re-establishment', 'Kurejesha mipaka', 10_000, 12_000],
  ['SV-BPI', 'Beacon pointing', 'Kuonyesha vigingi vya mipaka', 5_000, 6_000],
  ['SV-SUB', 'Subdivision survey', 'Upimaji wa kugawanya kiwanja', 15_000, 15_000],
  ['SV-AMG', 'Amalgamation survey', 'Upimaji wa kuunganisha viwanja', 12_000, 12_500],
  ['SV-TOP', 'Topographic survey', 'Upimaji wa topografia', 20_000, 18_000],
  ['SV-MUT', 'Mutation survey', 'Upimaji wa mabadiliko (mutation)', 7_500, 8_000],
  ['PL-COU', 'Change of user site inspection', 'Ukaguzi wa eneo kwa kubadilisha matumizi', 8_000, 7_000],
  ['VL-OBJ', 'Valuation objection inspection', 'Ukaguzi wa pingamizi la uthamini', 5_000, 5_000],
] as const;

const rows = (county: 3 | 4, from: string): TariffRow[] =>
  TYPES.map((type) => ({
    schedule: 'land-survey',
    item: type[0],
    description: `Land survey: ${type[1]}`,
    description_sw: `Upimaji wa ardhi: ${type[2]}`,
    amount_cents: kes(type[county]),
    effective_from: from,
  }));

export default defineTariff({ nairobi: rows(3, '2023-07-01'), mombasa: rows(4, '2023-07-01') });
