import { defineTariff, kes, type TariffRow } from '../../../tariff';
import { activities, bundledCharges, COUNTY_FEE_PERCENT } from '../activities';

/**
 * The charges a unified permit bundles with the business permit, for the activities that carry
 * them (schedules "ubp-fire", "ubp-food-hygiene", "ubp-health", "ubp-advertising", item = the
 * activity's code): the per-entry rule adds a line only where the county configured one.
 */
const rows = (percent: number): TariffRow[] =>
  activities.flatMap((activity) =>
    (activity.needs.split('') as (keyof typeof bundledCharges)[]).map((letter) => {
      const charge = bundledCharges[letter];
      return {
        schedule: charge.schedule,
        item: activity.code,
        description: `${charge.description}: ${activity.name}`,
        description_sw: `${charge.sw}: ${activity.name_sw}`,
        amount_cents: kes(Math.round((charge.kes * percent) / 100)),
        effective_from: '2023-07-01',
      };
    }),
  );

export default defineTariff({
  nairobi: rows(COUNTY_FEE_PERCENT.nairobi),
  mombasa: rows(COUNTY_FEE_PERCENT.mombasa),
});
