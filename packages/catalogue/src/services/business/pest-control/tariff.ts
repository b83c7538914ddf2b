import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The pest control certificate by service (schedule "pest-control", item = the service's code of
 * the list `pest-control-services`). Nairobi: its public health fees; Mombasa: demonstration
 * figures in the same shape.
 */
const SERVICES = [
  ['FUM', 'fumigation of premises', 'ufukizaji wa majengo', 3_000, 2_500],
  ['ROD', 'rodent control', 'udhibiti wa panya', 2_500, 2_000],
  [
    'INS',
    'crawling insect control (cockroaches, bedbugs)',
    'udhibiti wa wadudu watambaao (mende, kunguni)',
    2_500,
    2_000,
  ],
  ['TER', 'termite treatment', 'matibabu dhidi ya mchwa', 4_000, 3_500],
  ['DIS', 'disinfection and sanitation', 'kuua vijidudu na usafi', 2_000, 1_800],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  SERVICES.map((service) => ({
    schedule: 'pest-control',
    item: service[0],
    description: `Pest control certificate: ${service[1]}`,
    description_sw: `Cheti cha udhibiti wa wadudu: ${service[2]}`,
    amount_cents: kes(service[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });
