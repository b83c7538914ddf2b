import { describe, expect, it } from 'vitest';
import {
  applyPpm,
  computeFee,
  type FeeContext,
  FeeNotConfiguredError,
  feeCarries,
  feeNeedsParcel,
  formatPpmPercent,
  missingFeeInputs,
} from './fee-rules';

const tariffs: Record<string, { description: string; amount_cents: number }> = {
  'land-fees/rates-search': { description: 'Rates search fee', amount_cents: 100_000 },
  'land-fees/sq-ft': { description: 'Approval fee', amount_cents: 250 },
  'land-fees/minimum': { description: 'Minimum approval fee', amount_cents: 500_000 },
  'ground-rent/GRZ-1:GR': { description: 'Ground rent 2026', amount_cents: 360_000 },
  'parking/Z1:saloon:monthly': {
    description: 'Seasonal parking, zone 1, saloon, monthly',
    amount_cents: 300_000,
  },
  'parking/reserved-bay-year': { description: 'Reserved bay, a year', amount_cents: 27_500_000 },
  'permits/small': { description: 'Business permit, small (up to 5 employees)', amount_cents: 1_000_000 },
  'permits/medium': { description: 'Business permit, medium (6 to 50 employees)', amount_cents: 3_500_000 },
  'permits/large': { description: 'Business permit, large (over 50 employees)', amount_cents: 9_000_000 },
  'permits/application': { description: 'Application fee', amount_cents: 50_000 },
  'permits/fire': { description: 'Fire safety inspection', amount_cents: 250_000 },
  'health/per-applicant': { description: 'Food handler certificate', amount_cents: 100_000 },
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
    ).toEqual([
      { amount_cents: 100_000, description: 'Rates search fee', parcel: '209/10001', code: 'rates-search' },
    ]);
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
    // Each line in English and Kiswahili (issue 36 item 23: a bill line in the reader's language).
    expect(lines).toEqual([
      {
        amount_cents: 1_437_500,
        description: 'Land rates 2026 (0.115% of site value)',
        description_sw: 'Kodi ya ardhi 2026 (0.115% ya thamani ya kiwanja)',
        parcel: '209/10001',
      },
      {
        amount_cents: 4_200_000,
        description: 'Land rates arrears before 2026',
        description_sw: 'Malimbikizo ya kodi ya ardhi kabla ya 2026',
        parcel: '209/10001',
      },
      {
        amount_cents: 420_000,
        description: 'Penalty on arrears: 10 months at 1% a month',
        description_sw: 'Adhabu kwa malimbikizo: miezi 10 kwa 1% kwa mwezi',
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
      {
        amount_cents: 2_500_000,
        description: 'Land rates 2027 (0.25% of site value)',
        description_sw: expect.stringMatching(/^Kodi ya ardhi 2027 \(0\.25% ya thamani ya kiwanja\)$/),
        parcel: '1/2',
      },
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

  it('per-unit multiplies the item by a number field or by the entries of a repeating group', () => {
    const seasonal = {
      rule: 'per-unit',
      params: {
        schedule: 'parking',
        key_fields: ['zone_code', 'vehicle_type', 'period'],
        count_field: 'vehicles',
        unit: 'vehicle',
      },
    };
    const values = { zone_code: 'Z1', vehicle_type: 'saloon', period: 'monthly', vehicles: [{}, {}, {}] };
    expect(computeFee(seasonal, context({ values }))).toEqual([
      {
        amount_cents: 900_000,
        description: 'Seasonal parking, zone 1, saloon, monthly × 3 vehicles',
        code: 'Z1:saloon:monthly',
        parcel: null,
      },
    ]);
    const bays = {
      rule: 'per-unit',
      params: { schedule: 'parking', item: 'reserved-bay-year', count_field: 'bays', unit: 'bay' },
    };
    expect(computeFee(bays, context({ values: { bays: '1' } }))[0]).toMatchObject({
      amount_cents: 27_500_000,
      description: 'Reserved bay, a year × 1 bay',
    });
    expect(computeFee(bays, context({ values: { bays: 0 } }))).toEqual([]);
  });

  it('per-unit multiplies by a second count when the form asks it (bays × days)', () => {
    const reserved = {
      rule: 'per-unit',
      params: {
        schedule: 'parking',
        key_fields: ['period_type'],
        count_field: 'bays',
        unit: 'bay',
        times: { field: 'days', unit: 'day' },
      },
    };
    const bay: Record<string, { description: string; amount_cents: number }> = {
      daily: { description: 'Reserved bay, a day', amount_cents: 150_000 },
      yearly: { description: 'Reserved bay, a year', amount_cents: 27_500_000 },
    };
    const priced = (values: Record<string, unknown>) =>
      computeFee(reserved, context({ values, tariff: (_schedule, item) => bay[item] }));
    expect(priced({ period_type: 'daily', bays: 3, days: 10 })).toEqual([
      {
        amount_cents: 4_500_000,
        description: 'Reserved bay, a day × 3 bays × 10 days',
        parcel: null,
        code: 'daily',
      },
    ]);
    // No days asked (a year): the bays alone.
    expect(priced({ period_type: 'yearly', bays: 2 })).toEqual([
      {
        amount_cents: 55_000_000,
        description: 'Reserved bay, a year × 2 bays',
        parcel: null,
        code: 'yearly',
      },
    ]);
  });

  it('band picks the band a number falls in, limits included', () => {
    const fee = {
      rule: 'band',
      params: {
        schedule: 'permits',
        field: 'employees',
        bands: [
          { up_to: 5, item: 'small' },
          { up_to: 50, item: 'medium' },
          { up_to: null, item: 'large' },
        ],
      },
    };
    const at = (employees: number) => computeFee(fee, context({ values: { employees } }))[0]?.amount_cents;
    expect([at(1), at(5), at(6), at(50), at(51), at(5000)]).toEqual([
      1_000_000, 1_000_000, 3_500_000, 3_500_000, 9_000_000, 9_000_000,
    ]);
  });

  it('sum adds a line per rule; a rule with `when` only when that field has a value', () => {
    const fee = {
      rule: 'sum',
      params: {
        rules: [
          {
            rule: 'band',
            params: { schedule: 'permits', field: 'employees', bands: [{ up_to: null, item: 'small' }] },
          },
          { rule: 'fixed', params: { schedule: 'permits', item: 'application' } },
          { rule: 'fixed', params: { schedule: 'permits', item: 'fire' }, when: 'fire_inspection' },
        ],
      },
    };
    const without = computeFee(fee, context({ values: { employees: 3, fire_inspection: false } }));
    expect(without.map((l) => l.amount_cents)).toEqual([1_000_000, 50_000]);
    const withFire = computeFee(fee, context({ values: { employees: 3, fire_inspection: true } }));
    expect(withFire.map((l) => l.description)).toEqual([
      'Business permit, small (up to 5 employees)',
      'Application fee',
      'Fire safety inspection',
    ]);
  });

  it('carried puts an amount the area worked out on the bill, before the fee; nothing when none is owed', () => {
    const fee = {
      rule: 'sum',
      params: {
        rules: [
          {
            rule: 'carried',
            params: { field: 'arrears_cents', description: 'Unpaid rent', description_sw: 'Kodi isiyolipwa' },
          },
          { rule: 'fixed', params: { schedule: 'permits', item: 'application' } },
        ],
      },
    };
    const owed = computeFee(fee, context({ values: { arrears_cents: 1_102_500 } }));
    expect(owed.map((l) => [l.description, l.description_sw, l.amount_cents])).toEqual([
      ['Unpaid rent', 'Kodi isiyolipwa', 1_102_500],
      ['Application fee', undefined, 50_000],
    ]);
    for (const arrears_cents of [0, undefined, -5, 1.5])
      expect(computeFee(fee, context({ values: { arrears_cents } })).map((l) => l.amount_cents)).toEqual([
        50_000,
      ]);
    // Never waited for by a quote (it is derived, not asked), but said to be carried.
    expect(missingFeeInputs(fee, {})).toEqual([]);
    expect(feeCarries(fee)).toBe(true);
    expect(feeCarries({ rule: 'fixed', params: { schedule: 'permits', item: 'application' } })).toBe(false);
  });

  it('says which inputs a half-filled form still lacks, and which rules need a parcel record', () => {
    const seasonal = {
      rule: 'per-unit',
      params: {
        schedule: 'parking',
        key_fields: ['zone_code', 'period'],
        count_field: 'vehicles',
        unit: 'vehicle',
      },
    };
    expect(missingFeeInputs(seasonal, { zone_code: 'Z1', vehicles: [] })).toEqual(['period', 'vehicles']);
    expect(missingFeeInputs(seasonal, { zone_code: 'Z1', period: 'monthly', vehicles: [{}] })).toEqual([]);
    expect(missingFeeInputs({ rule: 'fixed', params: { schedule: 'x', item: 'y' } }, {})).toEqual([]);
    expect(feeNeedsParcel({ rule: 'land-rates' })).toBe(true);
    expect(feeNeedsParcel({ rule: 'schedule' })).toBe(false);
  });

  it('per-entry charges each entry of a group by its own fields; an optional item only where configured', () => {
    const lines = {
      rule: 'per-entry',
      params: { schedule: 'ubp', group: 'linesData', key_fields: ['activity_code', 'size'] },
    };
    const fire = {
      rule: 'per-entry',
      params: { schedule: 'ubp-fire', group: 'linesData', key_fields: ['activity_code'], optional: true },
    };
    const rows: Record<string, { description: string; amount_cents: number }> = {
      'ubp/505:small': { description: 'Eating house, small', amount_cents: 750_000 },
      'ubp/120:mini': { description: 'Retail shop, mini', amount_cents: 300_000 },
      'ubp-fire/505': { description: 'Fire safety: eating house', amount_cents: 200_000 },
    };
    const tariff: FeeContext['tariff'] = (schedule, item) => rows[`${schedule}/${item}`];
    const values = {
      linesData: [
        { activity_code: '505', size: 'small' },
        { activity_code: '120', size: 'mini' },
      ],
    };
    expect(computeFee(lines, context({ values, tariff }))).toEqual([
      { amount_cents: 750_000, description: 'Eating house, small', parcel: null, code: '505:small' },
      { amount_cents: 300_000, description: 'Retail shop, mini', parcel: null, code: '120:mini' },
    ]);
    expect(computeFee(fire, context({ values, tariff })).map((l) => l.code)).toEqual(['505']);
    expect(() =>
      computeFee(
        lines,
        context({ values: { linesData: [{ activity_code: '999', size: 'small' }] }, tariff }),
      ),
    ).toThrow(FeeNotConfiguredError);
    expect(missingFeeInputs(lines, { linesData: [] })).toEqual(['linesData']);
  });

  it('per-entry with `per` charges each entry per unit of its own number, a part as a whole one, × its faces', () => {
    const rows: Record<string, { description: string; description_sw: string; amount_cents: number }> = {
      'signs/zone-a:billboard': {
        description: 'Billboard per m², zone A',
        description_sw: 'Bango kubwa kwa m², eneo A',
        amount_cents: 200_000,
      },
      'signs/zone-a:sky-sign': {
        description: 'Sky sign per m², zone A',
        description_sw: '',
        amount_cents: 250_000,
      },
    };
    const tariff: FeeContext['tariff'] = (schedule, item) => rows[`${schedule}/${item}`];
    const fee = {
      rule: 'per-entry',
      params: {
        schedule: 'signs',
        group: 'signs',
        key_fields: ['zone', 'type'],
        per: { field: 'size', unit: 'square metre', times: 'faces' },
      },
    };
    const values = {
      zone: 'zone-a',
      signs: [
        { type: 'billboard', size: 27.2, faces: 2 },
        { type: 'sky-sign', size: 1, faces: 1 },
        { type: 'billboard', size: 0, faces: 1 },
      ],
    };
    expect(computeFee(fee, context({ values, tariff }))).toEqual([
      {
        amount_cents: 200_000 * 28 * 2,
        description: 'Billboard per m², zone A × 28 square metres × 2',
        description_sw: 'Bango kubwa kwa m², eneo A × 28 × 2',
        parcel: null,
        code: 'zone-a:billboard',
      },
      {
        amount_cents: 250_000,
        description: 'Sky sign per m², zone A × 1 square metre × 1',
        parcel: null,
        code: 'zone-a:sky-sign',
      },
    ]);
  });

  it('a part counted only `when` a field has a value is not waited for by a quote', () => {
    const fee = {
      rule: 'sum',
      params: {
        rules: [
          { rule: 'fixed', params: { schedule: 'permits', item: 'application' } },
          {
            rule: 'per-unit',
            params: { schedule: 'permits', item: 'fire', count_field: 'late_months', unit: 'month' },
            when: 'late_months',
          },
        ],
      },
    };
    expect(missingFeeInputs(fee, {})).toEqual([]);
    expect(computeFee(fee, context({ values: { late_months: 2 } })).map((l) => l.amount_cents)).toEqual([
      50_000, 500_000,
    ]);
  });
});
