import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * A vaccination and its certificate, by vaccine (schedule "inoculation", item = the code of the
 * list `vaccines`). Honest estimates (decision 026): Nairobi's Finance Act prints no vaccine fees;
 * these are near what its clinics and the port health office charge (the vaccine, its giving and
 * the certificate). Mombasa: demonstration figures in the same shape.
 */
const VACCINES = [
  ['YF', 'yellow fever', 'homa ya manjano', 2_500, 2_400],
  ['TYP', 'typhoid', 'homa ya matumbo', 1_500, 1_400],
  ['MEN', 'meningococcal meningitis (ACWY)', 'homa ya uti wa mgongo (ACWY)', 3_500, 3_300],
  ['HEPB', 'hepatitis B, one dose', 'homa ya ini B, dozi moja', 1_200, 1_100],
  ['CHO', 'oral cholera', 'kipindupindu kwa mdomo', 1_000, 900],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  VACCINES.map((vaccine) => ({
    schedule: 'inoculation',
    item: vaccine[0],
    description: `Vaccination and certificate: ${vaccine[1]}`,
    description_sw: `Chanjo na cheti: ${vaccine[2]}`,
    amount_cents: kes(vaccine[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });
