import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFee, type FeeContext } from '../../registries/fee-rules';
import { BUSINESS_SIZE_BANDS, businessSizeField, businessSizeOf } from './shared-fields';
import { unifiedBusinessPermit } from './unified-business-permit/definition';

describe('business sizes', () => {
  it('bands rise without gaps or overlaps, and only the last is open', () => {
    const limited = BUSINESS_SIZE_BANDS.slice(0, -1);
    for (const [i, band] of limited.entries()) {
      const next = BUSINESS_SIZE_BANDS[i + 1]!;
      expect(band.max_employees).not.toBeNull();
      if (next.max_employees !== null) expect(next.max_employees).toBeGreaterThan(band.max_employees!);
      if (next.max_floor_m2 !== null) expect(next.max_floor_m2).toBeGreaterThan(band.max_floor_m2!);
    }
    expect(BUSINESS_SIZE_BANDS.at(-1)).toMatchObject({ max_employees: null, max_floor_m2: null });
  });

  it('puts every business in exactly one band: the first whose two limits both hold', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(20_000), (employees, floor) => {
        const size = businessSizeOf(employees, floor);
        const at = BUSINESS_SIZE_BANDS.findIndex((b) => b.code === size);
        const band = BUSINESS_SIZE_BANDS[at]!;
        expect(band.max_employees === null || employees <= band.max_employees).toBe(true);
        expect(band.max_floor_m2 === null || floor <= band.max_floor_m2).toBe(true);
        // No smaller band would hold it.
        for (const smaller of BUSINESS_SIZE_BANDS.slice(0, at)) {
          expect(employees > smaller.max_employees! || floor > smaller.max_floor_m2!).toBe(true);
        }
      }),
    );
    expect(businessSizeOf(21, 40)).toBe('large');
    expect(businessSizeOf(1, 8)).toBe('mini');
  });

  it('describes each band as a trader reads it', () => {
    const labels = businessSizeField.options.static.map((o) => o.label);
    expect(labels[0]).toBe('Mini: up to 2 employees, up to 10 m²');
    expect(labels[3]).toBe('Large: 21–50 employees, up to 300 m²');
    expect(labels.at(-1)).toBe('Hyper: more than 100 employees or over 1,000 m²');
  });
});

describe('the unified business permit fee', () => {
  const activities = ['120', '505', '610'];
  const sizes = BUSINESS_SIZE_BANDS.map((b) => b.code);
  const amount = (key: string) =>
    (key.split('').reduce((n, c) => n * 31 + c.charCodeAt(0), 7) % 5_000) * 100 + 100_000;
  const tariff: FeeContext['tariff'] = (schedule, item) => {
    if (schedule === 'business-fees') return { description: item, amount_cents: amount(item) };
    if (schedule === 'ubp-fire' && item === '610') return { description: 'Fire', amount_cents: 250_000 };
    if (schedule === 'ubp-food-hygiene' && item === '505')
      return { description: 'Food', amount_cents: 150_000 };
    if (schedule === 'sbp-fees') return { description: `Permit ${item}`, amount_cents: amount(item) };
    return undefined;
  };

  it('is the sum of its lines, a permit line per business line and a bundled charge only where the activity carries it', () => {
    const line = fc.record({
      activity_code: fc.constantFrom(...activities),
      business_size: fc.constantFrom(...sizes),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.nat(24), (linesData, lateMonths) => {
        const lines = computeFee(unifiedBusinessPermit.fee, {
          values: { linesData, ...(lateMonths > 0 ? { late_months: lateMonths } : {}) },
          tariff,
          today: { year: 2026, month: 11, day: 27 },
        });
        const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
        const expected =
          linesData.reduce((sum, l) => sum + amount(`${l.activity_code}:${l.business_size}`), 0) +
          linesData.filter((l) => l.activity_code === '610').length * 250_000 +
          linesData.filter((l) => l.activity_code === '505').length * 150_000 +
          amount('application') +
          lateMonths * amount('late-renewal');
        expect(total).toBe(expected);
        expect(lines.every((l) => Number.isSafeInteger(l.amount_cents) && l.amount_cents > 0)).toBe(true);
        expect(lines.filter((l) => l.code?.includes(':')).length).toBe(linesData.length);
      }),
    );
  });
});
