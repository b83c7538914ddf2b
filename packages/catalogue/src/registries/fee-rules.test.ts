import { describe, expect, it } from 'vitest';
import { applyPpm, computeFee, type FeeContext, FeeNotConfiguredError, formatPpmPercent } from './fee-rules';

const tariffs: Record<string, { description: string; amount_cents: number }> = {
  'land-fees/rates-search': { description: 'Rates search fee', amount_cents: 100_000 },
  'land-fees/sq-ft': { description: 'Approval fee', amount_cents: 250 },
  'land-fees/minimum': { description: 'Minimum approval fee', amount_cents: 500_000 },
  'ground-rent/GRZ-1:GR': { description: 'Ground rent 2026', amount_cents: 360_000 },
};

function context(overrides: Partial<FeeContext> = {}): FeeContext {
  return {
    values: { lr_number: '209/10001', square_feet: 1000, zone_code: 'GRZ-1', service_type_code: 'GR' },
    tariff: (schedule, item) => tariffs[`${schedule}/${item}`],
    today: { year: 2026, month: 11, day: 22 },
    ...overrides,
  };
}

describe('fee rules', () => {
  it('none charges nothing', () => {
    expect(computeFee({ rule: 'none' }, context())).toEqual([]);
  });

  it('fixed charges the schedule item, on the parcel of the application', () => {
    expect(
      computeFee({ rule: 'fixed', params: { schedule: 'land-fees', item: 'rates-search' } }, context()),
    ).toEqual([{ amount_cents: 100_000, description: 'Rates search fee', parcel: '209/10001' }]);
  });

  it('per-square-foot multiplies, and never charges under the minimum', () => {
    const fee = {
      rule: 'per-square-foot',
      params: { schedule: 'land-fees', item: 'sq-ft', field: 'square_feet', minimum_item: 'minimum' },
    };
    expect(computeFee(fee, context())[0]?.amount_cents).toBe(500_000);
    const big = computeFee(fee, context({ values: { square_feet: 4000.2 } }))[0];
    expect(big).toEqual({
      amount_cents: 250 * 4001,
      description: 'Approval fee (4,001 sq ft)',
      parcel: null,
    });
  });

  it('schedule picks the item by the key fields', () => {
    const fee = {
      rule: 'schedule',
      params: { schedule: 'ground-rent', key_fields: ['zone_code', 'service_type_code'] },
    };
    expect(computeFee(fee, context())[0]?.amount_cents).toBe(360_000);
    expect(() =>
      computeFee(fee, context({ values: { zone_code: 'GRZ-9', service_type_code: 'GR' } })),
    ).toThrow(FeeNotConfiguredError);
  });

  it('land-rates: rates on the site value, the arrears and 10 months of penalty in November, in exact cents', () => {
    const lines = computeFee(
      { rule: 'land-rates' },
      context({
        parcel: {
          lr_number: '209/10001',
          site_value_cents: 1_250_000_000,
          arrears_cents: 4_200_000,
          rate_ppm: 1150,
        },
        rating: { penalty_monthly_ppm: 10_000 },
      }),
    );
    expect(lines).toEqual([
      { amount_cents: 1_437_500, description: 'Land rates 2026 (0.115% of site value)', parcel: '209/10001' },
      { amount_cents: 4_200_000, description: 'Land rates arrears before 2026', parcel: '209/10001' },
      {
        amount_cents: 420_000,
        description: 'Penalty on arrears: 10 months at 1% a month',
        parcel: '209/10001',
      },
    ]);
  });

  it('land-rates in January: no penalty yet; no arrears: one line', () => {
    const parcel = { lr_number: '1/2', site_value_cents: 1_000_000_001, arrears_cents: 0, rate_ppm: 2500 };
    const lines = computeFee(
      { rule: 'land-rates' },
      context({ parcel, rating: { penalty_monthly_ppm: 10_000 }, today: { year: 2027, month: 1, day: 5 } }),
    );
    expect(lines).toEqual([
      { amount_cents: 2_500_000, description: 'Land rates 2027 (0.25% of site value)', parcel: '1/2' },
    ]);
  });

  it('refuses an unknown rule and bad parameters', () => {
    expect(() => computeFee({ rule: 'free-lunch' }, context())).toThrow(FeeNotConfiguredError);
    expect(() => computeFee({ rule: 'fixed', params: {} }, context())).toThrow();
  });

  it('rounds parts per million half up in integer arithmetic, even for large values', () => {
    expect(applyPpm(1, 500_000)).toBe(1);
    expect(applyPpm(1, 499_999)).toBe(0);
    expect(applyPpm(9_000_000_000_000, 1150)).toBe(10_350_000_000);
    expect(formatPpmPercent(1150)).toBe('0.115%');
  });
});
