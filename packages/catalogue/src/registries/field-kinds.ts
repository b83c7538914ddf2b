import { ALLOWED_UPLOAD_TYPES, UPLOAD_ACCEPT } from '@kaunti/contract/api-uploads';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@kaunti/contract/phone';
import { z } from 'zod';
import type { FieldDefinition } from '../definition';

/**
 * The field kinds, by name. A kind says how a value is entered (`input`, for the web renderer)
 * and builds the zod schema of a value that is present; whether it may be empty, and the
 * message when a required one is, is handled once for all kinds (schema-builder.ts).
 */
export interface FieldKind {
  name: string;
  description: string;
  /** The control the web app renders. */
  input: 'text' | 'textarea' | 'number' | 'select' | 'file' | 'date' | 'tel' | 'email' | 'checkbox';
  /** The JSON type of the value in a payload, and its pattern, for the OpenAPI document. */
  json: { type: 'string' | 'number' | 'boolean'; format?: string; pattern?: string };
  /**
   * A value of this kind that passes its validation, when the field gives none; undefined when
   * only the definition can know one (a choice from a reference list).
   */
  example(field: FieldDefinition): unknown;
  /** What an empty value looks like beyond null, undefined and blank text (a checkbox: false). */
  emptyValues?: readonly unknown[];
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
  return schema;
}

/** LR numbers in the forms Nairobi uses: "209/10001", "Nairobi/Block 72/1234", "LR No. 1/234". */
const LR_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,59}$/;

export const fieldKinds = {
  text: {
    name: 'text',
    description: 'One line of text.',
    input: 'text',
    json: { type: 'string' },
    example: (field) => field.placeholder ?? 'Example',
    schema: (field) => textSchema(field, 200),
  },
  textarea: {
    name: 'textarea',
    description: 'Several lines of text.',
    input: 'textarea',
    json: { type: 'string' },
    example: (field) => field.placeholder ?? 'Example',
    schema: (field) => textSchema(field, 2000),
  },
  number: {
    name: 'number',
    description: 'A number (text from an input is read as a number); min and max apply.',
    input: 'number',
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
  select: {
    name: 'select',
    description: 'One choice from static options or a named reference list.',
    input: 'select',
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
    input: 'text',
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
    input: 'file',
    json: { type: 'string', format: 'uuid' },
    accept: UPLOAD_ACCEPT,
    example: () => '3f2b8c1e-5d4a-4e6f-9a7b-2c1d0e9f8a7b',
    schema: (field) =>
      z.uuid({ error: invalid(field, 'This upload was not recognised. Please upload the file again.') }),
  },
  date: {
    name: 'date',
    description: 'A calendar date, YYYY-MM-DD.',
    input: 'date',
    json: { type: 'string', format: 'date' },
    example: () => '2026-11-24',
    schema: (field) => z.iso.date({ error: invalid(field, 'Please enter a valid date') }),
  },
  phone: {
    name: 'phone',
    description: 'A Kenyan mobile number in any accepted form; sent on in the 254 form.',
    input: 'tel',
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
    input: 'email',
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
    input: 'text',
    json: { type: 'string', pattern: '^[AaPp]\\d{9}[A-Za-z]$' },
    example: () => 'A004416331M',
    schema: (field) =>
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[AP]\d{9}[A-Z]$/, invalid(field, 'Please enter a valid KRA PIN, e.g. A004416331M')),
  },
  checkbox: {
    name: 'checkbox',
    description: 'A yes/no box; a required one must be ticked (e.g. a declaration).',
    input: 'checkbox',
    json: { type: 'boolean' },
    emptyValues: [false],
    example: () => true,
    schema: (field) => z.literal(true, { error: invalid(field, 'Please tick the box') }),
  },
} as const satisfies Record<string, FieldKind>;

export type FieldKindName = keyof typeof fieldKinds;

/** The kind registered under this name, or undefined. */
export function findFieldKind(name: string): FieldKind | undefined {
  return Object.hasOwn(fieldKinds, name) ? (fieldKinds as Record<string, FieldKind>)[name] : undefined;
}

/** What the server keeps from uploads, for fields of kind `file`. */
export const FILE_CONTENT_TYPES = ALLOWED_UPLOAD_TYPES;
