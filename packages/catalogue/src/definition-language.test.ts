import { describe, expect, it, vi } from 'vitest';
import { defineService, parseService, validityDaysOf } from './definition';
import { openDefinitionOf } from './open-definition';
import { normalisePlate, resolveDateLimit } from './registries/field-kinds';
import {
  exampleOf,
  exampleValuesOf,
  fieldValueSchema,
  validateApplication,
  validateStep,
} from './schema-builder';

/**
 * What the definition language says for the services to come (business permits, parking,
 * health...): a pattern with its message, whole numbers, dates with limits, number plates,
 * fields shown only for some answers, repeating groups, and the validity of what is issued.
 * One throw-away definition tries each.
 */
const fixture = defineService({
  id: 'fixture-permit',
  route: '/fixture-permit',
  area: 'business',
  title: 'Fixture permit',
  description: 'A definition that uses every part of the language.',
  menu: false,
  order: 1,
  application_prefix: 'FIX',
  reference_field: 'business_name',
  steps: [
    {
      id: 'business',
      title: 'Business',
      fields: [
        {
          name: 'business_name',
          kind: 'text',
          label: 'Business name',
          required_message: 'Please enter the business name',
          example: 'Mama Mboga Groceries',
        },
        {
          name: 'registration_no',
          kind: 'text',
          label: 'Registration number',
          required_message: 'Please enter the registration number',
          pattern: {
            regex: '(BN|PVT|CPR)-[A-Z0-9]{4,10}',
            message: 'Please enter the registration number as on the certificate, e.g. BN-7YX9QZ2',
          },
          example: 'BN-7YX9QZ2',
        },
        {
          name: 'employees',
          kind: 'integer',
          label: 'Employees',
          min: 1,
          max: 10_000,
          required_message: 'Please enter the number of employees',
        },
        {
          name: 'start_date',
          kind: 'date',
          label: 'Start date',
          min_date: 'today',
          max_date: '+90d',
          required_message: 'Please choose the start date',
        },
        {
          name: 'period',
          kind: 'select',
          label: 'Period',
          required_message: 'Please choose the period',
          options: {
            static: [
              { value: 'monthly', label: 'Monthly' },
              { value: 'yearly', label: 'Yearly' },
            ],
          },
        },
        { name: 'sells_food', kind: 'checkbox', label: 'We sell food', required: false },
        {
          name: 'food_certificate_no',
          kind: 'text',
          label: 'Food hygiene certificate number',
          required_message: 'Please enter the food hygiene certificate number',
          show_when: { field: 'sells_food' },
          example: 'FH-2026-0042',
        },
      ],
    },
    {
      id: 'vehicles',
      title: 'Vehicles',
      fields: [
        {
          name: 'vehicles',
          kind: 'group',
          label: 'Vehicles',
          min: 1,
          max: 3,
          add_label: 'Add another vehicle',
          required_message: 'Please add at least one vehicle',
          fields: [
            {
              name: 'plate',
              kind: 'plate',
              label: 'Number plate',
              required_message: 'Please enter the number plate',
            },
            { name: 'seats', kind: 'integer', label: 'Seats', min: 1, max: 90, required: false },
          ],
        },
      ],
    },
  ],
  fee: { rule: 'none' },
  workflow: 'instant',
  produces: 'none',
  validity: { from_field: 'period', days: { monthly: 30, yearly: 365 } },
  submit: { method: 'POST', success_message: 'Submitted' },
});

const valid = () => ({ ...exampleValuesOf(fixture) });
const problems = (values: Record<string, unknown>) => {
  const result = validateApplication(fixture, values);
  return result.success ? [] : result.errors;
};

describe('the definition language', () => {
  it('parses, and its examples pass its own validation', () => {
    expect(() => parseService(fixture)).not.toThrow();
    expect(problems(valid())).toEqual([]);
  });

  it("a date's example, worked out one day, still passes the next (a process runs past midnight)", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const pastOnly = {
        name: 'treated_on',
        kind: 'date',
        label: 'Date of treatment',
        min_date: '-90d',
        max_date: 'today',
      } as const;
      const futureOnly = { name: 'starts', kind: 'date', label: 'Start', min_date: 'today' } as const;
      vi.setSystemTime(new Date('2026-11-27T23:50:00+03:00'));
      const examples = [pastOnly, futureOnly].map((field) => [field, exampleOf(field)] as const);
      vi.setSystemTime(new Date('2026-11-28T00:10:00+03:00'));
      for (const [field, example] of examples) {
        expect(fieldValueSchema(field).safeParse(example).success, `${field.name}: ${example}`).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a text pattern refuses other forms with its own message', () => {
    expect(problems({ ...valid(), registration_no: 'no. 12' })).toEqual([
      {
        path: 'registration_no',
        message: 'Please enter the registration number as on the certificate, e.g. BN-7YX9QZ2',
      },
    ]);
  });

  it('an integer refuses fractions and keeps its limits', () => {
    expect(problems({ ...valid(), employees: '2.5' })).toEqual([
      { path: 'employees', message: 'Please enter a whole number for the employees' },
    ]);
    expect(problems({ ...valid(), employees: 0 })).toEqual([
      { path: 'employees', message: 'Please enter at least 1' },
    ]);
    expect(validateApplication(fixture, { ...valid(), employees: '1,200' })).toMatchObject({
      values: { employees: 1200 },
    });
  });

  it('a date keeps within its limits, worked out from today in Kenya', () => {
    const now = new Date('2026-11-24T22:30:00Z'); // already 25 November in Nairobi
    expect(resolveDateLimit('today', now)).toBe('2026-11-25');
    expect(resolveDateLimit('+90d', now)).toBe('2027-02-23');
    expect(resolveDateLimit('-18y', now)).toBe('2008-11-25');
    const past = problems({ ...valid(), start_date: '2020-01-01' });
    expect(past).toEqual([
      {
        path: 'start_date',
        message: expect.stringMatching(/^Please enter a date on or after \d{1,2} \w+ \d{4}$/),
      },
    ]);
    const far = problems({ ...valid(), start_date: '2099-01-01' });
    expect(far[0]?.message).toMatch(/^Please enter a date on or before /);
  });

  it('number plates: Kenyan forms in any spacing and case, kept normalised; anything else named', () => {
    expect(
      ['kda123a', 'KDA 123A', ' kda-123 a', 'KXX 999', 'kmda 123a', 'GK A123B', 'GKB 123C', '47CG 012A'].map(
        normalisePlate,
      ),
    ).toEqual([
      'KDA 123A',
      'KDA 123A',
      'KDA 123A',
      'KXX 999',
      'KMDA 123A',
      'GKA 123B', // "GK A123B" and "GKA 123B" are one plate: kept in one form
      'GKB 123C',
      '47CG 012A',
    ]);
    for (const bad of ['123 KDA', 'KDA 12A', 'ABC 123D', 'KDA1234A', ''])
      expect(normalisePlate(bad), bad).toBeUndefined();
    const result = validateApplication(fixture, { ...valid(), vehicles: [{ plate: 'kcb 456x' }] });
    expect(result).toMatchObject({ success: true, values: { vehicles: [{ plate: 'KCB 456X' }] } });
    expect(problems({ ...valid(), vehicles: [{ plate: 'not a plate' }] })).toEqual([
      {
        path: 'vehicles.0.plate',
        message: 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A',
      },
    ]);
  });

  it('a field shown only for an answer: asked then, neither required nor kept otherwise', () => {
    const withoutFood = { ...valid(), sells_food: false, food_certificate_no: '' };
    expect(problems(withoutFood)).toEqual([]);
    const kept = validateApplication(fixture, {
      ...valid(),
      sells_food: false,
      food_certificate_no: 'left over',
    });
    expect(kept.success && 'food_certificate_no' in kept.values).toBe(false);
    expect(problems({ ...valid(), sells_food: true, food_certificate_no: '' })).toEqual([
      { path: 'food_certificate_no', message: 'Please enter the food hygiene certificate number' },
    ]);
    // The same rule holds for one step on its own (the wizard's Next).
    expect(
      validateStep(fixture.steps[0], { ...valid(), sells_food: true, food_certificate_no: undefined }),
    ).toMatchObject({
      success: false,
      errors: [{ path: 'food_certificate_no' }],
    });
  });

  it('a repeating group: each entry checked by its fields, at least min and at most max entries', () => {
    expect(problems({ ...valid(), vehicles: [] })).toEqual([
      { path: 'vehicles', message: 'Please add at least one vehicle' },
    ]);
    const four = Array.from({ length: 4 }, () => ({ plate: 'KDA 123A' }));
    expect(problems({ ...valid(), vehicles: four })).toEqual([
      { path: 'vehicles', message: 'You can add at most 3 vehicles' },
    ]);
    expect(problems({ ...valid(), vehicles: [{ plate: 'KDA 123A', seats: 200 }] })).toEqual([
      { path: 'vehicles.0.seats', message: 'Please enter at most 90' },
    ]);
  });

  it('the validity of what is issued: from the period chosen', () => {
    expect(validityDaysOf(fixture, { period: 'monthly' })).toBe(30);
    expect(validityDaysOf(fixture, { period: 'yearly' })).toBe(365);
    expect(validityDaysOf({ validity: { days: 90 } }, {})).toBe(90);
    expect(validityDaysOf({}, {})).toBeUndefined();
    // A value with no fixed days takes them from a number field (a reservation for some days).
    const reservation = {
      validity: { from_field: 'period_type', days: { yearly: 365 }, days_field: 'days' },
    };
    expect(validityDaysOf(reservation, { period_type: 'yearly', days: 5 })).toBe(365);
    expect(validityDaysOf(reservation, { period_type: 'daily', days: 12 })).toBe(12);
    expect(validityDaysOf(reservation, { period_type: 'daily' })).toBeUndefined();
  });

  it('the open catalogue says all of it to other clients', () => {
    const open = openDefinitionOf(fixture);
    const fields = open.steps.flatMap((s) => s.fields);
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('registration_no')).toMatchObject({ pattern: '^(?:(BN|PVT|CPR)-[A-Z0-9]{4,10})$' });
    expect(byName.get('employees')).toMatchObject({ kind: 'integer', input: 'number', min: 1 });
    expect(byName.get('start_date')).toMatchObject({ min_date: 'today', max_date: '+90d' });
    expect(byName.get('food_certificate_no')).toMatchObject({ show_when: { field: 'sells_food' } });
    expect(byName.get('vehicles')).toMatchObject({
      kind: 'group',
      type: 'array',
      min: 1,
      max: 3,
      add_label: 'Add another vehicle',
      fields: [
        expect.objectContaining({ name: 'plate', kind: 'plate' }),
        expect.objectContaining({ name: 'seats' }),
      ],
      example: [{ plate: 'KDA 123A', seats: 1 }],
    });
  });
});
