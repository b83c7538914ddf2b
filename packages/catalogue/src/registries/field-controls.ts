/**
 * How a value of each field kind is entered, without zod: what a form needs to DRAW a field (the
 * web wizard's first load). The kinds' validation — their zod schemas, examples, JSON types — is
 * `field-kinds.ts`, which spreads these into each kind, so the two lists cannot disagree.
 */

/** The control the web app renders for a kind. */
export type FieldInput =
  | 'text'
  | 'textarea'
  | 'number'
  | 'select'
  | 'file'
  | 'date'
  | 'tel'
  | 'email'
  | 'checkbox'
  | 'group';

export interface FieldControl {
  /** The control the web app renders. */
  input: FieldInput;
  /** What an empty value looks like beyond null, undefined and blank text (a checkbox: false). */
  emptyValues?: readonly unknown[];
}

export const fieldControls = {
  text: { input: 'text' },
  textarea: { input: 'textarea' },
  number: { input: 'number' },
  integer: { input: 'number' },
  plate: { input: 'text' },
  select: { input: 'select' },
  parcel: { input: 'text' },
  file: { input: 'file' },
  date: { input: 'date' },
  phone: { input: 'tel' },
  email: { input: 'email' },
  'kra-pin': { input: 'text' },
  group: { input: 'group', emptyValues: [] },
  checkbox: { input: 'checkbox', emptyValues: [false] },
} as const satisfies Record<string, FieldControl>;

/** The names of the field kinds. */
export type FieldKindName = keyof typeof fieldControls;

/** How a field of this kind is entered, or undefined for a kind that is not registered. */
export function findFieldControl(name: string): FieldControl | undefined {
  return Object.hasOwn(fieldControls, name)
    ? (fieldControls as Record<string, FieldControl>)[name]
    : undefined;
}
