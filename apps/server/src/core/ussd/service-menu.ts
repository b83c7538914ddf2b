import type { FieldDefinition, ServiceDefinition } from '@kaunti/catalogue/definition';
import { isShown } from '@kaunti/catalogue/field-rules';
import { fieldsOf, validateApplication } from '@kaunti/catalogue/schema-builder';
import { localiseService } from '@kaunti/catalogue/service-texts';
import type { Screen, UssdLanguage } from './screens';
import { say } from './texts';

/**
 * The field kinds a USSD screen can ask for: a choice is a numbered list, the others are typed on
 * a keypad, and a phone field is the caller's own number (never asked). A service flagged `ussd`
 * has no other kind (the catalogue check says so, naming the field).
 */
export const USSD_FIELD_KINDS = [
  'text',
  'number',
  'integer',
  'plate',
  'select',
  'parcel',
  'kra-pin',
  'phone',
];

/** What an area does with a flagged service's answers once the caller chose to pay. */
export interface UssdPayment {
  /** The caller's answers, checked by the definition; the caller's phone in its phone fields. */
  values: Record<string, unknown>;
  phone: string;
  requestId?: string | undefined;
}
export type UssdPaymentOutcome =
  /** The M-Pesa prompt was sent (or is on its way). */
  | { kind: 'prompted'; amountCents: number; what: string }
  /** Nothing to pay: the same thing is already paid (daily parking for the day). */
  | { kind: 'paid'; what: string };

export interface UssdService {
  definition: ServiceDefinition;
  /** "KDA 123A, Z1": what is being paid for, from the answers (on the confirm screen). */
  describe: (values: Record<string, unknown>, language: UssdLanguage) => string | Promise<string>;
  price: (values: Record<string, unknown>) => Promise<number>;
  pay: (payment: UssdPayment) => Promise<UssdPaymentOutcome>;
}

export interface ServiceMenuDeps {
  /** A list field's choices for the answers so far (the same the web offers and the server checks). */
  optionsOf: (
    field: FieldDefinition,
    values: Record<string, unknown>,
  ) => Promise<{ value: string; label: string }[]>;
  /** The payment's last screen, from its outcome (texts and the wait for a slow prompt). */
  paid: (outcome: Promise<UssdPaymentOutcome>) => Promise<Screen>;
}

const localised = new Map<string, ServiceDefinition>();

/** The definition in the caller's language (kept: the checks are built once per definition). */
export function definitionIn(definition: ServiceDefinition, language: UssdLanguage): ServiceDefinition {
  if (language === 'en') return definition;
  const key = `${definition.id}:${language}`;
  let found = localised.get(key);
  if (!found) {
    found = localiseService(definition, { own: definition.texts?.sw }, language);
    localised.set(key, found);
  }
  return found;
}

/**
 * The screens of a flagged service, from its definition: one screen per field shown for the
 * answers so far (a list for a choice, a question for a typed value, checked by the field's own
 * rule and message), then the amount and "Pay", then the area's payment.
 */
export function serviceScreens(input: {
  service: UssdService;
  language: UssdLanguage;
  phone: string;
  requestId?: string | undefined;
  deps: ServiceMenuDeps;
}): Promise<Screen> {
  const { service, language, phone, deps } = input;
  const definition = definitionIn(service.definition, language);
  const fields = fieldsOf(definition);

  const fieldError = (field: FieldDefinition, values: Record<string, unknown>): string | undefined => {
    const result = validateApplication(definition, values);
    if (result.success) return undefined;
    return result.errors.find((e) => e.path === field.name)?.message;
  };

  const screenAfter = async (values: Record<string, unknown>, from: number): Promise<Screen> => {
    for (let i = from; i < fields.length; i++) {
      const field = fields[i]!;
      if (!isShown(field, values)) continue;
      if (field.kind === 'phone') {
        values = { ...values, [field.name]: phone };
        continue;
      }
      if (field.kind === 'select') {
        const options =
          field.options && 'static' in field.options
            ? field.options.static.map((o) => ({ value: o.value, label: o.label }))
            : await deps.optionsOf(field, values);
        return {
          kind: 'menu',
          title: say(language, 'chooseField', { label: field.label.toLowerCase() }),
          choices: options.map((option) => ({
            label: option.label,
            open: () => screenAfter({ ...values, [field.name]: option.value }, i + 1),
          })),
        };
      }
      return {
        kind: 'ask',
        prompt: say(language, 'enterField', { label: field.label.toLowerCase() }),
        answer: async (text) => {
          const next = { ...values, [field.name]: text };
          const refused = fieldError(field, next);
          return refused ? { refused } : screenAfter(next, i + 1);
        },
      };
    }
    const [amountCents, what] = await Promise.all([
      service.price(values),
      service.describe(values, language),
    ]);
    const amount = (amountCents / 100).toLocaleString('en-KE');
    return {
      kind: 'menu',
      title: say(language, 'confirm', { what, amount }),
      choices: [
        {
          label: say(language, 'payNow', { amount }),
          open: () => deps.paid(service.pay({ values, phone, requestId: input.requestId })),
        },
      ],
    };
  };

  return screenAfter({}, 0);
}
