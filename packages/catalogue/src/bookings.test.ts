import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  type Booked,
  bookedBy,
  datesFrom,
  daysBetween,
  MAX_BOOKED_DAYS,
  overlaps,
  slotsOf,
  unitsOf,
} from './bookings';
import { services } from './catalogue';
import type { ServiceDefinition } from './definition-schema';
import { computeFee, type FeeContext } from './registries/fee-rules';
import { fieldsOf } from './schema-builder';

const day = fc
  .integer({ min: 0, max: 3_000 })
  .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

const slots: ServiceDefinition['booking'] = {
  resource: 'ambulance',
  resource_field: 'ambulance',
  date_field: 'date',
  slot_field: 'slot',
  hold_minutes: 30,
};
const days: ServiceDefinition['booking'] = {
  resource: 'ground',
  resource_field: 'ground',
  date_field: 'from',
  end_date_field: 'to',
  hold_minutes: 60,
};

describe('the days of a booking', () => {
  it('counts both ends: the 1st to the 3rd is 3 days, across months and leap days', () => {
    expect(daysBetween('2026-12-01', '2026-12-03')).toBe(3);
    expect(daysBetween('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(2);
    expect(daysBetween('2026-12-03', '2026-12-01')).toBe(0);
    expect(daysBetween('not a day', '2026-12-01')).toBe(0);
    expect(datesFrom('2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('is additive: two adjacent periods make the whole one (property)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 400 }), (from, a, b) => {
        const [middle] = datesFrom(from, a + 1).slice(-1);
        const [next] = datesFrom(middle!, 2).slice(-1);
        const [last] = datesFrom(next!, b).slice(-1);
        expect(daysBetween(from, last!)).toBe(daysBetween(from, middle!) + daysBetween(next!, last!));
      }),
    );
  });

  it('books each day once, in order, for whole-day bookings (property)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: MAX_BOOKED_DAYS }), (from, n) => {
        const [to] = datesFrom(from, n).slice(-1);
        const booked = bookedBy({ booking: days }, { ground: 'JAC', from, to }) as Booked;
        expect(booked.units).toHaveLength(n);
        expect(new Set(booked.units).size).toBe(n);
        expect([...booked.units].sort()).toEqual(booked.units);
        expect(booked.units[0]).toBe(from);
        expect(booked.units.at(-1)).toBe(to);
      }),
    );
  });

  it('refuses a last day before the first, and more than a year', () => {
    expect(bookedBy({ booking: days }, { ground: 'JAC', from: '2026-12-03', to: '2026-12-01' })).toEqual({
      problem: { path: 'to', message: 'The last day must be on or after the first day' },
    });
    expect(
      bookedBy({ booking: days }, { ground: 'JAC', from: '2026-01-01', to: '2027-12-31' }),
    ).toMatchObject({
      problem: { path: 'to' },
    });
  });

  it('books a slot of a day, and nothing without a booking or without an answer', () => {
    expect(bookedBy({ booking: slots }, { ambulance: 'KCG', date: '2026-12-01', slot: '06-09' })).toEqual({
      kind: 'ambulance',
      resource: 'KCG',
      units: ['2026-12-01 06-09'],
    });
    expect(bookedBy({}, { ambulance: 'KCG' })).toBeNull();
    expect(bookedBy({ booking: slots }, { date: '2026-12-01', slot: '06-09' })).toBeNull();
  });

  it('overlaps exactly when the same one is booked for a day (or slot) both hold (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'B'),
        day,
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('A', 'B'),
        day,
        fc.integer({ min: 1, max: 20 }),
        (r1, d1, n1, r2, d2, n2) => {
          const a = bookedBy(
            { booking: days },
            { ground: r1, from: d1, to: datesFrom(d1, n1).at(-1) },
          ) as Booked;
          const b = bookedBy(
            { booking: days },
            { ground: r2, from: d2, to: datesFrom(d2, n2).at(-1) },
          ) as Booked;
          const intervalsMeet = d1 <= datesFrom(d2, n2).at(-1)! && d2 <= datesFrom(d1, n1).at(-1)!;
          expect(overlaps(a, b)).toBe(r1 === r2 && intervalsMeet);
        },
      ),
    );
  });
});

describe('the per-day fee', () => {
  const context = (values: Record<string, unknown>): FeeContext => ({
    values,
    tariff: (schedule, item) =>
      schedule === 'storage' && item === 'adult'
        ? { description: 'Body storage', description_sw: 'Kuhifadhi mwili', amount_cents: 150_000 }
        : undefined,
    today: { year: 2026, month: 11, day: 29 },
  });
  const fee = {
    rule: 'per-day',
    params: { schedule: 'storage', key_fields: ['age'], from_field: 'in', to_field: 'out' },
  };

  it('charges the day rate for each day, both ends counted, and says how many days', () => {
    expect(computeFee(fee, context({ age: 'adult', in: '2026-12-01', out: '2026-12-03' }))).toEqual([
      {
        amount_cents: 450_000,
        description: 'Body storage × 3 days',
        description_sw: 'Kuhifadhi mwili × siku 3',
        parcel: null,
        code: 'adult',
      },
    ]);
    expect(computeFee(fee, context({ age: 'adult', in: '2026-12-01', out: '2026-12-01' }))[0]).toMatchObject({
      amount_cents: 150_000,
      description: 'Body storage × 1 day',
    });
    expect(computeFee(fee, context({ age: 'adult', in: '2026-12-03', out: '2026-12-01' }))).toEqual([]);
  });

  it('is the rate times the days, and splitting a stay never changes the total (property)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 180 }), fc.integer({ min: 1, max: 180 }), (from, a, b) => {
        const split = datesFrom(from, a + b);
        const whole = computeFee(fee, context({ age: 'adult', in: from, out: split.at(-1) }));
        const first = computeFee(fee, context({ age: 'adult', in: from, out: split[a - 1] }));
        const second = computeFee(fee, context({ age: 'adult', in: split[a], out: split.at(-1) }));
        expect(whole[0]!.amount_cents).toBe(150_000 * (a + b));
        expect(whole[0]!.amount_cents).toBe(first[0]!.amount_cents + second[0]!.amount_cents);
      }),
    );
  });
});

describe.each(services.filter((s) => s.booking).map((s) => [s.id, s] as const))(
  'the booking of %s',
  (_id, service) => {
    const booking = service.booking!;
    const fields = new Map(fieldsOf(service).map((f) => [f.name, f]));

    it('names a select of what is booked and a date field (and a select of slots, or a last day)', () => {
      expect(fields.get(booking.resource_field)?.kind).toBe('select');
      expect(fields.get(booking.date_field)?.kind).toBe('date');
      expect(booking.slot_field === undefined || booking.end_date_field === undefined).toBe(true);
      if (booking.slot_field) expect(fields.get(booking.slot_field)?.kind).toBe('select');
      if (booking.end_date_field) expect(fields.get(booking.end_date_field)?.kind).toBe('date');
      for (const name of [
        booking.resource_field,
        booking.date_field,
        booking.slot_field,
        booking.end_date_field,
      ])
        if (name) expect(fields.get(name)?.show_when, `${name} is always asked`).toBeUndefined();
    });
  },
);

describe.each(services.filter((s) => s.booking).map((s) => [s.id, s] as const))(
  'what is free of %s (decision 031)',
  (_id, service) => {
    it('is every unit of the range less those a booking holds, a day free while one of its slots is', () => {
      const slots = slotsOf(service);
      expect(slots.length === 0).toBe(!service.booking!.slot_field);
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.nat(60)), (days, picks) => {
          const units = unitsOf(service, '2026-12-01', days);
          const taken = new Set(picks.filter((p) => p < units.length).map((p) => units[p]!));
          const answer = availabilityOf(service, '2026-12-01', days, taken);
          expect(answer.map((d) => d.date)).toEqual(datesFrom('2026-12-01', days));
          const free = answer.flatMap((d) =>
            d.slots.length > 0
              ? d.slots.filter((s) => s.free).map((s) => `${d.date} ${s.slot}`)
              : d.free
                ? [d.date]
                : [],
          );
          expect(free).toEqual(units.filter((u) => !taken.has(u)));
          for (const d of answer) if (d.slots.length > 0) expect(d.free).toBe(d.slots.some((s) => s.free));
        }),
      );
    });

    it("takes a booking's own units from what is free", () => {
      const example = Object.fromEntries(fieldsOf(service).map((f) => [f.name, f.example]));
      example[service.booking!.date_field] = '2026-12-01';
      if (service.booking!.end_date_field) example[service.booking!.end_date_field] = '2026-12-02';
      const booked = bookedBy(service, example);
      if (!booked || 'problem' in booked) throw new Error('the example books nothing');
      const answer = availabilityOf(service, '2026-12-01', 3, new Set(booked.units));
      const freeUnits = unitsOf(service, '2026-12-01', 3).filter((u) => !booked.units.includes(u));
      expect(freeUnits.length).toBeGreaterThan(0);
      expect(answer.some((d) => (d.slots.length > 0 ? d.slots.some((s) => !s.free) : !d.free))).toBe(true);
    });
  },
);
