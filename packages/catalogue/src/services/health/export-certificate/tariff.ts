import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The export health certificate (schedule "export-certificate"): the certificate, and an
 * inspection charge per product line. Honest estimates (decision 031): Nairobi's public health
 * office charges for export certificates are not itemised in its Finance Act; KES 5,000 for the
 * certificate and KES 1,000 a product line are near what county and port health offices charge.
 * Mombasa: demonstration figures of the same shape.
 */
const ITEMS = [
  ['certificate', 'Export health certificate', 'Cheti cha afya cha mauzo ya nje', 5_000, 4_500],
  ['inspection', 'Inspection of a product line', 'Ukaguzi wa bidhaa moja', 1_000, 900],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  ITEMS.map((item) => ({
    schedule: 'export-certificate',
    item: item[0],
    description: item[1],
    description_sw: item[2],
    amount_cents: kes(item[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });
