import { defineTariff, kes, type TariffRow } from '../../../tariff';
import { ADVERTISING_ZONES } from '../shared-fields';

/**
 * Outdoor advertising structures, per square metre of each face a year by zone and type
 * (schedule "outdoor-advertising", item "zone:type"). Nairobi: the county's outdoor advertising
 * charges as decision 027 records them; Mombasa: demonstration figures, 80% of Nairobi's.
 */
const TYPES = [
  ['billboard', 'billboard', 'bango kubwa', [2_000, 1_500, 1_000]],
  ['wall-wrap', 'wall wrap', 'tangazo la kufunika ukuta', [1_200, 900, 600]],
  ['sky-sign', 'sky sign', 'bango la juu ya paa', [2_500, 2_000, 1_500]],
  ['gantry', 'gantry', 'bango la kuvuka barabara', [3_000, 2_500, 2_000]],
  ['lamp-post', 'lamp-post advert', 'tangazo la nguzo ya taa', [1_500, 1_200, 800]],
] as const;

const rows = (share: number): TariffRow[] =>
  TYPES.flatMap(([type, en, sw, amounts]) =>
    ADVERTISING_ZONES.map((zone, i) => ({
      schedule: 'outdoor-advertising',
      item: `${zone.value}:${type}`,
      description: `Outdoor advertising per m² a year: ${en}, ${zone.short}`,
      description_sw: `Matangazo ya nje kwa m² kwa mwaka: ${sw}, ${zone.short_sw}`,
      amount_cents: kes(Math.round(amounts[i]! * share)),
      effective_from: '2023-07-01',
    })),
  );

export default defineTariff({ nairobi: rows(1), mombasa: rows(0.8) });
