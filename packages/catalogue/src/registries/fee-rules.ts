import { z } from 'zod';
import { daysBetween, MAX_BOOKED_DAYS } from '../bookings';

/**
 * The fee rules, by name. A rule turns an application's values (and, for land rates, a parcel
 * and the county's rating settings) into bill lines. Amounts are never written here: they come
 * from the county's seeded fee schedules (`tariff`) and rating settings, so a new Finance Act is
 * a data change. Every computation is in integer cents.
 */

/** One line of a bill, before it is stored. */
export interface FeeLine {
  amount_cents: number;
  description: string;
  /** The line's words in Kiswahili, where the tariff row gives them. */
  description_sw?: string;
  /** The LR number for a land line, else null. */
  parcel: string | null;
  /** The tariff item it was priced by (a permit's activity and size, a charge), printed as its code. */
  code?: string;
}

/** An item of a seeded fee schedule (table fee_schedules on the server). */
export interface Tariff {
  description: string;
  /** Its words in Kiswahili (the tariff row's), where known. */
  description_sw?: string;
  amount_cents: number;
}

/** A parcel as the land-rates rule needs it. */
export interface RatedParcel {
  lr_number: string;
  site_value_cents: number;
  /** Unpaid rates of earlier years. */
  arrears_cents: number;
  /** The rate for the parcel's land use, in parts per million of the site value (0.115% = 1150). */
  rate_ppm: number;
}

/** The county's rating settings (seeded per county). */
export interface RatingSettings {
  /** Penalty on arrears per month, in parts per million (1% a month = 10000). */
  penalty_monthly_ppm: number;
}

export interface FeeContext {
  /** The validated application values. */
  values: Record<string, unknown>;
  /** Looks up an item of a fee schedule; undefined when the county has not configured it. */
  tariff(schedule: string, item: string): Tariff | undefined;
  /** Today in the county's time zone. */
  today: { year: number; month: number; day: number };
  parcel?: RatedParcel;
  rating?: RatingSettings;
}

/** The fee cannot be worked out: a configuration gap, not the citizen's mistake. */
export class FeeNotConfiguredError extends Error {
  override name = 'FeeNotConfiguredError';
}

export interface FeeRule<P extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  params: P;
  /** The fields whose values the rule reads: a quote can price a form once these are filled in. */
  inputs(params: z.output<P>): string[];
  /** True when the amount comes from a county record (a parcel), not from the form alone. */
  needsParcel?: boolean;
  /** True when it carries an amount owed elsewhere (`carried`): lines a quote cannot show. */
  carries?: boolean;
  compute(params: z.output<P>, context: FeeContext): FeeLine[];
}

function defineFeeRule<P extends z.ZodType>(rule: FeeRule<P>): FeeRule<P> {
  return rule;
}

/** A line's Kiswahili words: the tariff row's, where it has them. */
const swOf = (tariff: Tariff, suffix = ''): { description_sw?: string } =>
  tariff.description_sw ? { description_sw: `${tariff.description_sw}${suffix}` } : {};

function requireTariff(context: FeeContext, schedule: string, item: string): Tariff {
  const tariff = context.tariff(schedule, item);
  if (!tariff) throw new FeeNotConfiguredError(`No fee is configured for ${schedule}/${item}.`);
  return tariff;
}

/** round(amount × ppm / 1,000,000) in exact integer arithmetic, halves rounded up. */
export function applyPpm(amountCents: number, ppm: number): number {
  const product = BigInt(amountCents) * BigInt(ppm);
  return Number((product + 500_000n) / 1_000_000n);
}

const scheduleItem = z.object({
  schedule: z.string().min(1).describe('Name of a seeded fee schedule, e.g. "land-fees".'),
  item: z.string().min(1).describe('Item code within the schedule.'),
});

export const feeRules = {
  none: defineFeeRule({
    name: 'none',
    description: 'No fee.',
    params: z.object({}),
    inputs: () => [],
    compute: () => [],
  }),
  fixed: defineFeeRule({
    name: 'fixed',
    description: 'One fixed amount: an item of a fee schedule.',
    params: scheduleItem,
    inputs: () => [],
    compute: (params, context) => {
      const tariff = requireTariff(context, params.schedule, params.item);
      return [
        {
          amount_cents: tariff.amount_cents,
          description: tariff.description,
          ...swOf(tariff),
          parcel: parcelOf(context),
          code: params.item,
        },
      ];
    },
  }),
  'per-square-foot': defineFeeRule({
    name: 'per-square-foot',
    description: 'A schedule item priced per square foot of a number field, with an optional minimum item.',
    params: scheduleItem.extend({
      field: z.string().min(1).describe('The number field holding the area in square feet.'),
      minimum_item: z.string().optional().describe('Item whose amount is the least charged.'),
    }),
    inputs: (params) => [params.field],
    compute: (params, context) => {
      const tariff = requireTariff(context, params.schedule, params.item);
      const squareFeet = Math.ceil(Number(context.values[params.field] ?? 0));
      let amount = tariff.amount_cents * squareFeet;
      if (params.minimum_item) {
        amount = Math.max(amount, requireTariff(context, params.schedule, params.minimum_item).amount_cents);
      }
      return [
        {
          amount_cents: amount,
          description: `${tariff.description} (${squareFeet.toLocaleString('en-KE')} sq ft)`,
          ...swOf(tariff, ` (futi za mraba ${squareFeet.toLocaleString('en-KE')})`),
          parcel: parcelOf(context),
        },
      ];
    },
  }),
  schedule: defineFeeRule({
    name: 'schedule',
    description:
      'The item of a fee schedule chosen by field values (e.g. the survey service type); several ' +
      'key fields make the item code "value1:value2".',
    params: z.object({
      schedule: z.string().min(1),
      key_fields: z.array(z.string().min(1)).min(1).describe('The fields whose values make the item code.'),
    }),
    inputs: (params) => params.key_fields,
    compute: (params, context) => {
      const item = params.key_fields.map((f) => String(context.values[f] ?? '')).join(':');
      const tariff = requireTariff(context, params.schedule, item);
      return [
        {
          amount_cents: tariff.amount_cents,
          description: tariff.description,
          ...swOf(tariff),
          parcel: parcelOf(context),
          code: item,
        },
      ];
    },
  }),
  'land-rates': defineFeeRule({
    name: 'land-rates',
    description:
      "A parcel's land rates: this year's rates (site value × the rate for its land use), its " +
      'arrears, and a penalty on the arrears for each full month since 1 January.',
    params: z.object({}),
    inputs: () => ['lr_number'],
    needsParcel: true,
    compute: (_params, context) => {
      const { parcel, rating, today } = context;
      if (!parcel || !rating)
        throw new FeeNotConfiguredError('Land rates need a parcel and the rating settings.');
      const lines: FeeLine[] = [
        {
          amount_cents: applyPpm(parcel.site_value_cents, parcel.rate_ppm),
          description: `Land rates ${today.year} (${formatPpmPercent(parcel.rate_ppm)} of site value)`,
          description_sw: `Kodi ya ardhi ${today.year} (${formatPpmPercent(parcel.rate_ppm)} ya thamani ya kiwanja)`,
          parcel: parcel.lr_number,
        },
      ];
      if (parcel.arrears_cents > 0) {
        lines.push({
          amount_cents: parcel.arrears_cents,
          description: `Land rates arrears before ${today.year}`,
          description_sw: `Malimbikizo ya kodi ya ardhi kabla ya ${today.year}`,
          parcel: parcel.lr_number,
        });
        const months = today.month - 1;
        const penalty = applyPpm(parcel.arrears_cents, rating.penalty_monthly_ppm * months);
        if (penalty > 0) {
          lines.push({
            amount_cents: penalty,
            description: `Penalty on arrears: ${months} month${months === 1 ? '' : 's'} at ${formatPpmPercent(rating.penalty_monthly_ppm)} a month`,
            description_sw: `Adhabu kwa malimbikizo: ${months === 1 ? 'mwezi 1' : `miezi ${months}`} kwa ${formatPpmPercent(rating.penalty_monthly_ppm)} kwa mwezi`,
            parcel: parcel.lr_number,
          });
        }
      }
      return lines;
    },
  }),
  'per-unit': defineFeeRule({
    name: 'per-unit',
    description:
      'A schedule item (fixed, or chosen by key fields such as zone, vehicle type and period) times a ' +
      'count: a whole-number field (bays, days) or the entries of a repeating group (applicants, ' +
      'vehicles). The line says how many.',
    params: z.object({
      schedule: z.string().min(1),
      item: z.string().min(1).optional().describe('The item, when it does not depend on the form.'),
      key_fields: z
        .array(z.string().min(1))
        .optional()
        .describe('The fields whose values make the item code, "value1:value2" (instead of item).'),
      count_field: z
        .string()
        .min(1)
        .describe('A whole-number field, or a repeating group (its entries are counted).'),
      unit: z.string().min(1).describe('What is counted, singular, e.g. "bay", "vehicle", "applicant".'),
      times: z
        .object({
          field: z.string().min(1).describe('A whole-number field: the days of a reservation.'),
          unit: z.string().min(1).describe('What it counts, singular, e.g. "day".'),
        })
        .optional()
        .describe(
          'A second count the first is multiplied by (bays × days), when the form asks it (a field ' +
            'shown only for some answers: absent, it does not multiply).',
        ),
    }),
    inputs: (params) => [...(params.key_fields ?? []), params.count_field],
    compute: (params, context) => {
      const item =
        params.item ?? (params.key_fields ?? []).map((f) => String(context.values[f] ?? '')).join(':');
      const tariff = requireTariff(context, params.schedule, item);
      const raw = context.values[params.count_field];
      const count = Array.isArray(raw) ? raw.length : Math.max(0, Math.trunc(Number(raw ?? 0)));
      if (count === 0) return [];
      const rawTimes = params.times ? context.values[params.times.field] : undefined;
      const times =
        params.times && rawTimes !== undefined && rawTimes !== null && rawTimes !== ''
          ? Math.max(0, Math.trunc(Number(rawTimes)))
          : null;
      if (times === 0) return [];
      const counted = (n: number, unit: string) =>
        `${n.toLocaleString('en-KE')} ${n === 1 ? unit : `${unit}s`}`;
      return [
        {
          amount_cents: tariff.amount_cents * count * (times ?? 1),
          description:
            `${tariff.description} × ${counted(count, params.unit)}` +
            (times !== null && params.times ? ` × ${counted(times, params.times.unit)}` : ''),
          ...swOf(
            tariff,
            ` × ${count.toLocaleString('en-KE')}${times !== null ? ` × ${times.toLocaleString('en-KE')}` : ''}`,
          ),
          parcel: parcelOf(context),
          code: item,
        },
      ];
    },
  }),
  'per-day': defineFeeRule({
    name: 'per-day',
    description:
      'A schedule item (fixed, or chosen by key fields) charged for each day from a date field to a ' +
      'second date field, both days counted (storage from admission to release, a booking of some ' +
      'days); without the second, one day. The line says how many days. A last day before the first ' +
      `charges nothing (the form refuses it); at most ${MAX_BOOKED_DAYS} days.`,
    params: z.object({
      schedule: z.string().min(1),
      item: z.string().min(1).optional().describe('The item, when it does not depend on the form.'),
      key_fields: z
        .array(z.string().min(1))
        .optional()
        .describe('The fields whose values make the item code, "value1:value2" (instead of item).'),
      from_field: z.string().min(1).describe('The date field of the first day charged.'),
      to_field: z.string().min(1).optional().describe('The date field of the last day charged.'),
    }),
    inputs: (params) => [
      ...(params.key_fields ?? []),
      params.from_field,
      ...(params.to_field ? [params.to_field] : []),
    ],
    compute: (params, context) => {
      const item =
        params.item ?? (params.key_fields ?? []).map((f) => String(context.values[f] ?? '')).join(':');
      const tariff = requireTariff(context, params.schedule, item);
      const from = context.values[params.from_field];
      const to = params.to_field ? context.values[params.to_field] : from;
      if (typeof from !== 'string' || typeof to !== 'string') return [];
      const days = Math.min(daysBetween(from, to), MAX_BOOKED_DAYS);
      if (days === 0) return [];
      const n = days.toLocaleString('en-KE');
      return [
        {
          amount_cents: tariff.amount_cents * days,
          description: `${tariff.description} × ${n} ${days === 1 ? 'day' : 'days'}`,
          ...swOf(tariff, ` × siku ${n}`),
          parcel: parcelOf(context),
          code: item,
        },
      ];
    },
  }),
  band: defineFeeRule({
    name: 'band',
    description:
      'The item of the band a number field falls in (by employees, floor area, seats): bands are ' +
      'listed in ascending order, each up to and including its limit; the last may have none.',
    params: z.object({
      schedule: z.string().min(1),
      field: z.string().min(1).describe('The number field that picks the band.'),
      bands: z
        .array(
          z.object({
            up_to: z.number().nullable().describe('The largest value in this band; null: no limit.'),
            item: z.string().min(1),
          }),
        )
        .min(1),
    }),
    inputs: (params) => [params.field],
    compute: (params, context) => {
      const value = Number(context.values[params.field] ?? 0);
      const band = params.bands.find((b) => b.up_to === null || value <= b.up_to);
      if (!band) throw new FeeNotConfiguredError(`No band of ${params.field} holds ${value}.`);
      const tariff = requireTariff(context, params.schedule, band.item);
      return [
        {
          amount_cents: tariff.amount_cents,
          description: tariff.description,
          ...swOf(tariff),
          parcel: parcelOf(context),
          code: band.item,
        },
      ];
    },
  }),
  'per-entry': defineFeeRule({
    name: 'per-entry',
    description:
      'A line for each entry of a repeating group (business lines, signs, instruments): the schedule ' +
      "item named by the entry's own fields (e.g. activity and size). With `optional`, an entry whose " +
      'item the county has not configured adds nothing (a charge only some activities carry).',
    params: z.object({
      schedule: z.string().min(1),
      group: z.string().min(1).describe('The repeating group.'),
      key_fields: z
        .array(z.string().min(1))
        .min(1)
        .describe('Fields of an entry (or of the form) whose values make the item code, "value1:value2".'),
      optional: z.boolean().default(false),
      per: z
        .object({
          field: z
            .string()
            .min(1)
            .describe(
              "A number field of the entry (a sign's square metres): a part is charged as a whole one.",
            ),
          unit: z.string().min(1).describe('What it counts, singular, e.g. "square metre".'),
          times: z
            .string()
            .min(1)
            .optional()
            .describe("A whole-number field of the entry it is multiplied by too (a billboard's faces)."),
        })
        .optional()
        .describe("The item's amount is per unit of an entry's own number (per square metre of a sign)."),
    }),
    inputs: (params) => [params.group],
    compute: (params, context) => {
      const entries = context.values[params.group];
      if (!Array.isArray(entries)) return [];
      return entries.flatMap((entry) => {
        const own = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
        const item = params.key_fields.map((f) => String(own[f] ?? context.values[f] ?? '')).join(':');
        const tariff = params.optional
          ? context.tariff(params.schedule, item)
          : requireTariff(context, params.schedule, item);
        if (!tariff) return [];
        if (params.per) {
          const units = Math.max(0, Math.ceil(Number(own[params.per.field] ?? 0) - 1e-9));
          const times = params.per.times ? Math.max(0, Math.trunc(Number(own[params.per.times] ?? 1))) : 1;
          if (units === 0 || times === 0) return [];
          const counted = `${units.toLocaleString('en-KE')} ${units === 1 ? params.per.unit : `${params.per.unit}s`}`;
          const faces = params.per.times ? ` × ${times.toLocaleString('en-KE')}` : '';
          return [
            {
              amount_cents: tariff.amount_cents * units * times,
              description: `${tariff.description} × ${counted}${faces}`,
              ...swOf(tariff, ` × ${units.toLocaleString('en-KE')}${faces}`),
              parcel: parcelOf(context),
              code: item,
            },
          ];
        }
        return [
          {
            amount_cents: tariff.amount_cents,
            description: tariff.description,
            ...swOf(tariff),
            parcel: parcelOf(context),
            code: item,
          },
        ];
      });
    },
  }),
  carried: defineFeeRule({
    name: 'carried',
    description:
      "An amount owed elsewhere that the bill carries, so paying the bill clears it (a tenancy's unpaid " +
      'rent on a transfer, decision 036): a derived value in cents that the area works out on submit from ' +
      "the county's records, one line in the definition's words (none when nothing is owed). The area " +
      'credits what was paid to where it is owed once the bill is paid. A quote cannot know it.',
    params: z.object({
      field: z.string().min(1).describe('The derived value holding the amount, in cents.'),
      description: z.string().min(1),
      description_sw: z.string().min(1),
    }),
    // A derived value is never asked: a quote does not wait for it.
    inputs: () => [],
    carries: true,
    compute: (params, context) => {
      const amount = Number(context.values[params.field] ?? 0);
      if (!Number.isSafeInteger(amount) || amount <= 0) return [];
      return [
        {
          amount_cents: amount,
          description: params.description,
          description_sw: params.description_sw,
          parcel: null,
        },
      ];
    },
  }),
  sum: defineFeeRule({
    name: 'sum',
    description:
      'Several rules added up, a line each (e.g. a permit fee by band plus a fixed application fee); ' +
      'a rule with `when` counts only when that field has a value (a ticked box, a chosen option).',
    params: z.object({
      rules: z
        .array(
          z.object({
            rule: z.string().min(1),
            params: z.record(z.string(), z.unknown()).default({}),
            when: z.string().min(1).optional().describe('A field that must have a value for this line.'),
          }),
        )
        .min(1),
    }),
    // A part counted only `when` a field has a value cannot be waited for: its inputs are not needed.
    inputs: (params) => [
      ...new Set(
        params.rules.flatMap((part) => {
          if (part.when !== undefined) return [];
          const rule = findFeeRule(part.rule);
          return rule ? rule.inputs(rule.params.parse(part.params)) : [];
        }),
      ),
    ],
    compute: (params, context) =>
      params.rules.flatMap((part) => {
        if (part.when !== undefined && isEmpty(context.values[part.when])) return [];
        return computeFee(part, context);
      }),
  }),
} as const;

export type FeeRuleName = keyof typeof feeRules;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * The fields a fee rule reads that the values do not hold yet (empty), so a quote of a half-filled
 * form says what is still needed. An unknown rule reads nothing.
 */
export function missingFeeInputs(
  fee: { rule: string; params?: Record<string, unknown> },
  values: Record<string, unknown>,
): string[] {
  const rule = findFeeRule(fee.rule);
  if (!rule) return [];
  return rule.inputs(rule.params.parse(fee.params ?? {})).filter((name) => isEmpty(values[name]));
}

/** True when the rule prices from a county record (a parcel) that only the server can look up. */
export function feeNeedsParcel(fee: { rule: string }): boolean {
  return findFeeRule(fee.rule)?.needsParcel === true;
}

function parcelOf(context: FeeContext): string | null {
  const lr = context.values.lr_number;
  return typeof lr === 'string' && lr !== '' ? lr : null;
}

/**
 * True when the fee (or a part of a `sum`) carries an amount owed elsewhere, worked out from the
 * county's records on submit (`carried`): the bill may hold lines that a quote does not.
 */
export function feeCarries(fee: { rule: string; params?: Record<string, unknown> }): boolean {
  if (findFeeRule(fee.rule)?.carries) return true;
  if (fee.rule !== 'sum') return false;
  const parts = (fee.params?.rules ?? []) as { rule: string; params?: Record<string, unknown> }[];
  return parts.some((part) => feeCarries(part));
}

/** 1150 ppm → "0.115%", 10000 → "1%". */
export function formatPpmPercent(ppm: number): string {
  const percent = ppm / 10_000;
  return `${Number(percent.toFixed(4))}%`;
}

export function findFeeRule(name: string): FeeRule | undefined {
  return Object.hasOwn(feeRules, name) ? (feeRules as unknown as Record<string, FeeRule>)[name] : undefined;
}

/** Runs a definition's fee rule: validates its params, then computes the lines. */
export function computeFee(
  fee: { rule: string; params?: Record<string, unknown> },
  context: FeeContext,
): FeeLine[] {
  const rule = findFeeRule(fee.rule);
  if (!rule) throw new FeeNotConfiguredError(`Unknown fee rule "${fee.rule}".`);
  return rule.compute(rule.params.parse(fee.params ?? {}), context);
}
