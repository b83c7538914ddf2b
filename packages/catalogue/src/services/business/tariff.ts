import { defineTariff, kes, type TariffRow } from '../../tariff';
import { activities, businessFees, COUNTY_FEE_PERCENT, sizeFactorsPercent } from './activities';
import { BUSINESS_SIZE_BANDS } from './shared-fields';

/**
 * The fees the business area's permits share: the business permit by activity and size
 * (schedule "sbp-fees", item "<activity code>:<size>": a small business's fee scaled by its size),
 * and the application fee and late renewal penalty ("business-fees"). The schedule is
 * activities.ts; each county's figures its share of it.
 */
const SIZE_SW: Record<string, string> = {
  mini: 'ndogo sana',
  small: 'ndogo',
  medium: 'wastani',
  large: 'kubwa',
  mega: 'kubwa zaidi',
  hyper: 'kubwa mno',
};

const rows = (percent: number): TariffRow[] => [
  ...activities.flatMap((activity) =>
    BUSINESS_SIZE_BANDS.map((band) => ({
      schedule: 'sbp-fees',
      item: `${activity.code}:${band.code}`,
      description: `Business permit: ${activity.name} (${band.label.toLowerCase()})`,
      description_sw: `Kibali cha biashara: ${activity.name_sw} (${SIZE_SW[band.code]})`,
      amount_cents: kes(Math.round((activity.smallKes * sizeFactorsPercent[band.code] * percent) / 10_000)),
      effective_from: '2023-07-01',
    })),
  ),
  ...businessFees.map((fee) => ({
    schedule: 'business-fees',
    item: fee.item,
    description: fee.description,
    description_sw: fee.sw,
    amount_cents: kes(Math.round((fee.kes * percent) / 100)),
    effective_from: '2023-07-01',
  })),
];

export default defineTariff({
  nairobi: rows(COUNTY_FEE_PERCENT.nairobi),
  mombasa: rows(COUNTY_FEE_PERCENT.mombasa),
});
