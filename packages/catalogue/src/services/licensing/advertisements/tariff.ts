import { defineTariff, kes, type TariffRow } from '../../../tariff';
import { ADVERTISING_ZONES } from '../shared-fields';

/**
 * Signs on a business's own premises, per square metre a year by zone and kind (schedule
 * "business-signs", item "zone:type"). Nairobi: the county's advertising charges as decision 027
 * records them; Mombasa: demonstration figures, 80% of Nairobi's.
 */
const KINDS = [
  ['wall-sign', 'wall sign', 'bango la ukutani', [1_000, 700, 400]],
  ['wall-sign-lit', 'illuminated wall sign', 'bango la ukutani lenye mwanga', [1_500, 1_000, 600]],
  ['projecting-sign', 'projecting sign', 'bango linalochomoza', [1_500, 1_000, 600]],
  ['window-sign', 'window or door sign', 'bango la dirishani au mlangoni', [500, 350, 200]],
] as const;

const rows = (share: number): TariffRow[] =>
  KINDS.flatMap(([kind, en, sw, amounts]) =>
    ADVERTISING_ZONES.map((zone, i) => ({
      schedule: 'business-signs',
      item: `${zone.value}:${kind}`,
      description: `Business sign per m² a year: ${en}, ${zone.short}`,
      description_sw: `Bango la biashara kwa m² kwa mwaka: ${sw}, ${zone.short_sw}`,
      amount_cents: kes(Math.round(amounts[i]! * share)),
      effective_from: '2023-07-01',
    })),
  );

export default defineTariff({ nairobi: rows(1), mombasa: rows(0.8) });
