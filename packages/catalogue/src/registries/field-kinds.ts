import { ALLOWED_UPLOAD_TYPES, UPLOAD_ACCEPT } from '@kaunti/contract/api-uploads';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@kaunti/contract/phone';
import { z } from 'zod';
import type { FieldDefinition } from '../definition';
import { type FieldControl, type FieldKindName, fieldControls } from './field-controls';

/**
 * The field kinds, by name. A kind says how a value is entered (`input`, for the web renderer:
 * `field-controls.ts`, zod-free, spread into each kind here) and builds the zod schema of a value
 * that is present; whether it may be empty, and the message when a required one is, is handled
 * once for all kinds (schema-builder.ts).
 */
export interface FieldKind extends FieldControl {
  name: string;
  description: string;
  /** The JSON type of the value in a payload, and its pattern, for the OpenAPI document. */
  json: { type: 'string' | 'number' | 'boolean' | 'array'; format?: string; pattern?: string };
  /**
   * A value of this kind that passes its validation, when the field gives none; undefined when
   * only the definition can know one (a choice from a reference list).
   */
  example(field: FieldDefinition): unknown;
  /** For file inputs: what the picker offers. */
  accept?: string;
  /** The schema of a present (non-empty) value. */
  schema(field: FieldDefinition): z.ZodType;
}

const invalid = (field: FieldDefinition, fallback: string) => field.invalid_message ?? fallback;

function textSchema(field: FieldDefinition, defaultMax: number): z.ZodType {
  const message = invalid(field, `Please check the ${field.label.toLowerCase()}`);
  let schema = z.string({ error: message }).trim();
  if (field.min !== undefined) schema = schema.min(field.min, message);
  schema = schema.max(
    field.max ?? defaultMax,
    invalid(field, `Please use at most ${field.max ?? defaultMax} characters`),
  );
  if (field.pattern) {
    const whole = new RegExp(`^(?:${field.pattern.regex})$`);
    schema = schema.regex(whole, field.pattern.message);
  }
  return schema;
}

/** Today's date in Kenya (EAT), YYYY-MM-DD. */
function kenyaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/**
 * A date limit as a date, worked out when a value is checked (not when the schema is built, so a
 * long-running server moves with the calendar): "today", "+30d", "-18y", or a fixed date.
 */
export function resolveDateLimit(limit: string, now = new Date()): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(limit)) return limit;
  const [year, month, day] = kenyaToday(now).split('-').map(Number) as [number, number, number];
  const match = /^([+-]\d+)([dmy])$/.exec(limit);
  if (!match) return kenyaToday(now);
  const amount = Number(match[1]);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (match[2] === 'd') date.setUTCDate(date.getUTCDate() + amount);
  else if (match[2] === 'm') date.setUTCMonth(date.getUTCMonth() + amount);
  else date.setUTCFullYear(date.getUTCFullYear() + amount);
  return date.toISOString().slice(0, 10);
}

/** "2026-11-25" → "25 November 2026", for messages. */
function spelledDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * Kenyan number plates, written with or without spaces, in any case: private and commercial
 * (KDA 123A, and the older KXX 999), motorcycles (KMDA 123A), government (GK A123B, GKB 123C) and
 * county government (47CG 012A). Kept as "KDA 123A": capitals, one space before the digits.
 */
const PLATE_FORMS = [
  /^K[A-Z]{2}\d{3}[A-Z]?$/,
  /^KM[A-Z]{2}\d{3}[A-Z]$/,
  /^GK[A-Z]?\d{3,4}[A-Z]?$/,
  /^\d{2,3}CG\d{3}[A-Z]?$/,
];
export const PLATE_MESSAGE = 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A';

export function normalisePlate(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!PLATE_FORMS.some((form) => form.test(compact))) return undefined;
  const split = /^(\d{2,3}CG|[A-Z]+)(.*)$/.exec(compact)!;
  return `${split[1]} ${split[2]}`;
}

/** LR numbers in the forms Nairobi uses: "209/10001", "Nairobi/Block 72/1234", "LR No. 1/234". */
const LR_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,59}$/;

export const fieldKinds = {
  text: {
    name: 'text',
    description: 'One line of text.',
    ...fieldControls.text,
    json: { type: 'string' },
    example: (field) => field.placeholder ?? 'Example',
    schema: (field) => textSchema(field, 200),
  },
  textarea: {
    name: 'textarea',
    description: 'Several lines of text.',
    ...fieldControls.textarea,
    json: { type: 'string' },
    example: (field) => field.placeholder ?? 'Example',
    schema: (field) => textSchema(field, 2000),
  },
  number: {
    name: 'number',
    description: 'A number (text from an input is read as a number); min and max apply.',
    ...fieldControls.number,
    json: { type: 'number' },
    example: (field) => field.min ?? 1,
    schema: (field) => {
      const message = invalid(field, `Please enter a number for the ${field.label.toLowerCase()}`);
      let schema = z.number({ error: message }).refine(Number.isFinite, message);
      if (field.min !== undefined) {
        schema = schema.refine((n) => n >= field.min!, invalid(field, `Please enter at least ${field.min}`));
      }
      if (field.max !== undefined) {
        schema = schema.refine((n) => n <= field.max!, invalid(field, `Please enter at most ${field.max}`));
      }
      return z.preprocess((v) => (typeof v === 'string' ? Number(v.replaceAll(',', '').trim()) : v), schema);
    },
  },
  integer: {
    name: 'integer',
    description: 'A whole number (bays, employees, seats, days); min and max apply.',
    ...fieldControls.integer,
    json: { type: 'number', format: 'int64' },
    example: (field) => field.min ?? 1,
    schema: (field) => {
      const message = invalid(field, `Please enter a whole number for the ${field.label.toLowerCase()}`);
      let schema = z.number({ error: message }).refine(Number.isSafeInteger, message);
      if (field.min !== undefined) {
        schema = schema.refine((n) => n >= field.min!, invalid(field, `Please enter at least ${field.min}`));
      }
      if (field.max !== undefined) {
        schema = schema.refine((n) => n <= field.max!, invalid(field, `Please enter at most ${field.max}`));
      }
      return z.preprocess((v) => (typeof v === 'string' ? Number(v.replaceAll(',', '').trim()) : v), schema);
    },
  },
  plate: {
    name: 'plate',
    description:
      'A Kenyan number plate (KDA 123A, KXX 999, KMDA 123A, GK A123B, 47CG 012A); spaces and case are ignored, kept as "KDA 123A".',
    ...fieldControls.plate,
    json: { type: 'string', pattern: '^[A-Za-z0-9 -]{5,12}$' },
    example: () => 'KDA 123A',
    schema: (field) => {
      const message = invalid(field, PLATE_MESSAGE);
      return z
        .string({ error: message })
        .refine((v) => normalisePlate(v) !== undefined, message)
        .transform((v) => normalisePlate(v)!);
    },
  },
  select: {
    name: 'select',
    description: 'One choice from static options or a named reference list.',
    ...fieldControls.select,
    json: { type: 'string' },
    example: (field) =>
      field.options && 'static' in field.options ? field.options.static[0]?.value : undefined,
    schema: (field) => {
      const message = invalid(field, `Please choose a valid ${field.label.toLowerCase()}`);
      const options = field.options;
      if (options && 'static' in options) {
        const values = options.static.map((o) => o.value);
        return z.string({ error: message }).refine((v) => values.includes(v), message);
      }
      // Choices from a reference list are checked by the server against its records.
      return z.string({ error: message }).trim().max(60, message);
    },
  },
  parcel: {
    name: 'parcel',
    description: 'An LR (parcel) number as on the title deed, e.g. 209/10001. Spaces are tidied.',
    ...fieldControls.parcel,
    json: { type: 'string', pattern: LR_NUMBER.source },
    example: () => '209/10001',
    schema: (field) => {
      const message = invalid(field, 'Please enter a valid LR number, e.g. 209/10001');
      return z
        .string({ error: message })
        .trim()
        .transform((v) => v.replace(/\s+/g, ' ').replace(/\s*\/\s*/g, '/'))
        .refine((v) => LR_NUMBER.test(v), message);
    },
  },
  file: {
    name: 'file',
    description: 'An uploaded JPEG, PNG or PDF: the value is the id POST /api/uploads answered.',
    ...fieldControls.file,
    json: { type: 'string', format: 'uuid' },
    accept: UPLOAD_ACCEPT,
    example: () => '3f2b8c1e-5d4a-4e6f-9a7b-2c1d0e9f8a7b',
    schema: (field) =>
      z.uuid({ error: invalid(field, 'This upload was not recognised. Please upload the file again.') }),
  },
  date: {
    name: 'date',
    description: 'A calendar date, YYYY-MM-DD.',
    ...fieldControls.date,
    json: { type: 'string', format: 'date' },
    // Not a limit itself: an example worked out today (the API document keeps it for the life of
    // the process) must still pass tomorrow. The latest date allowed, or a month after the
    // earliest when there is no latest.
    example: (field) => {
      if (field.max_date) return resolveDateLimit(field.max_date);
      const earliest = resolveDateLimit(field.min_date ?? 'today');
      return resolveDateLimit('+30d', new Date(`${earliest}T12:00:00+03:00`));
    },
    schema: (field) => {
      let schema: z.ZodType<string> = z.iso.date({ error: invalid(field, 'Please enter a valid date') });
      if (field.min_date) {
        const limit = field.min_date;
        schema = schema.superRefine((value, ctx) => {
          const earliest = resolveDateLimit(limit);
          if (value < earliest)
            ctx.addIssue({
              code: 'custom',
              message: invalid(field, `Please enter a date on or after ${spelledDate(earliest)}`),
            });
        });
      }
      if (field.max_date) {
        const limit = field.max_date;
        schema = schema.superRefine((value, ctx) => {
          const latest = resolveDateLimit(limit);
          if (value > latest)
            ctx.addIssue({
              code: 'custom',
              message: invalid(field, `Please enter a date on or before ${spelledDate(latest)}`),
            });
        });
      }
      return schema;
    },
  },
  phone: {
    name: 'phone',
    description: 'A Kenyan mobile number in any accepted form; sent on in the 254 form.',
    ...fieldControls.phone,
    json: { type: 'string', pattern: PHONE_PATTERN },
    example: () => '0712345678',
    schema: (field) => {
      const message = invalid(field, PHONE_FORMAT_MESSAGE);
      return z
        .string({ error: message })
        .refine((v) => isValidPhone(v), message)
        .transform((v) => normalisePhone(v));
    },
  },
  email: {
    name: 'email',
    description: 'An e-mail address (lower-cased).',
    ...fieldControls.email,
    json: { type: 'string', format: 'email' },
    example: () => 'wanjiku.kamau@example.co.ke',
    schema: (field) =>
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: invalid(field, 'Please enter a valid email address') })),
  },
  'kra-pin': {
    name: 'kra-pin',
    description: 'A KRA PIN: A or P, 9 digits, a letter (upper-cased).',
    ...fieldControls['kra-pin'],
    json: { type: 'string', pattern: '^[AaPp]\\d{9}[A-Za-z]$' },
    example: () => 'A004416331M',
    schema: (field) =>
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[AP]\d{9}[A-Z]$/, invalid(field, 'Please enter a valid KRA PIN, e.g. A004416331M')),
  },
  group: {
    name: 'group',
    description:
      "A repeating group: a list of entries, each with the group's own fields (applicants, business lines, vehicles); min and max count the entries.",
    ...fieldControls.group,
    json: { type: 'array' },
    // The schema and example of a group are built from its fields (schema-builder.ts).
    example: () => undefined,
    schema: () => {
      throw new Error('A group is built by schema-builder from its fields.');
    },
  },
  checkbox: {
    name: 'checkbox',
    description: 'A yes/no box; a required one must be ticked (e.g. a declaration).',
    ...fieldControls.checkbox,
    json: { type: 'boolean' },
    example: () => true,
    schema: (field) => z.literal(true, { error: invalid(field, 'Please tick the box') }),
  },
} as const satisfies Record<FieldKindName, FieldKind>;

export type { FieldKindName };

/** The kind registered under this name, or undefined. */
export function findFieldKind(name: string): FieldKind | undefined {
  return Object.hasOwn(fieldKinds, name) ? (fieldKinds as Record<string, FieldKind>)[name] : undefined;
}

/** What the server keeps from uploads, for fields of kind `file`. */
export const FILE_CONTENT_TYPES = ALLOWED_UPLOAD_TYPES;
