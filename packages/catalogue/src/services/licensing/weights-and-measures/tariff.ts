import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Verification fees per piece of equipment by type and capacity (schedule "weights-and-measures",
 * item "type:capacity"). Nairobi: as decision 027 records them (the Weights and Measures (Fees)
 * Rules' shape, in the county's figures); Mombasa: demonstration figures, 80% of Nairobi's.
 */
const TYPES = [
  ['counter-scale', 'counter scale', 'mizani ya dukani', [300, 500, 1_000]],
  ['platform-scale', 'platform scale', 'mizani ya jukwaa', [500, 1_000, 3_000]],
  ['weighbridge', 'weighbridge', 'mizani ya magari', [5_000, 10_000, 15_000]],
  ['fuel-dispenser', 'fuel dispenser nozzle', 'mrija wa pampu ya mafuta', [1_000, 1_500, 2_000]],
  ['liquid-measure', 'liquid measure or meter', 'kipimo au mita ya kiowevu', [200, 1_000, 2_500]],
] as const;
const BANDS = [
  ['small', 'up to 30 kg / 20 l', 'hadi kg 30 / lita 20'],
  ['medium', 'up to 1,000 kg / 1,000 l', 'hadi kg 1,000 / lita 1,000'],
  ['large', 'over 1,000 kg / 1,000 l', 'zaidi ya kg 1,000 / lita 1,000'],
] as const;

const rows = (share: number): TariffRow[] =>
  TYPES.flatMap(([type, en, sw, amounts]) =>
    BANDS.map(([band, bandEn, bandSw], i) => ({
      schedule: 'weights-and-measures',
      item: `${type}:${band}`,
      description: `Verification: ${en} (${bandEn})`,
      description_sw: `Uhakiki: ${sw} (${bandSw})`,
      amount_cents: kes(Math.round(amounts[i]! * share)),
      effective_from: '2023-07-01',
    })),
  );

export default defineTariff({ nairobi: rows(1), mombasa: rows(0.8) });
