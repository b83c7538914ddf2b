import { findService } from '@kaunti/catalogue/catalogue';
import { feeCarries, feeNeedsParcel, missingFeeInputs } from '@kaunti/catalogue/registries/fee-rules';
import { fieldsOf, fieldValueSchema } from '@kaunti/catalogue/schema-builder';
import type { Quote } from '@kaunti/contract/api-applications';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import { priceService } from './fees';
import type { ReferenceChoices } from './reference-choices';

export const PARCEL_QUOTE_MESSAGE =
  "This amount is worked out from the parcel's record in the county's register when you ask for the bill.";
export const CARRIED_QUOTE_MESSAGE =
  "Anything the county's records show you still owe on it (a tenancy's unpaid rent) is added to the bill when you submit.";
const CARRIED_QUOTE_MESSAGE_SW =
  'Chochote ambacho kumbukumbu za kaunti zinaonyesha bado unadaiwa juu yake (kodi ya upangaji ambayo haijalipwa) kinaongezwa kwenye bili unapowasilisha.';
export const INCOMPLETE_QUOTE_MESSAGE = 'The fee is shown once you have answered: ';

/**
 * Quotes (`POST /api/catalogue/services/{id}/quote`): a service's fee for a form filled in so
 * far, worked out by the same fee rule and the same tariff rows as the bill the application
 * would raise, so the wizard shows the amount before anyone submits. Answers that are missing
 * or not valid (by their field's own check, and a list choice the form would not offer) are
 * left out; the answer says which of the fee's inputs are still needed.
 */
export function createQuotes(deps: { db: Db; choices: ReferenceChoices }) {
  return {
    async quote(
      serviceId: string,
      given: Record<string, unknown>,
      /** The fee lines' words: a tariff row's Kiswahili description on `sw`. */
      language: AnswerLanguage = 'en',
    ): Promise<Quote> {
      const service = findService(serviceId);
      if (!service) throw notFound('There is no such service in the catalogue.');
      const values: Record<string, unknown> = {};
      for (const field of fieldsOf(service)) {
        if (!Object.hasOwn(given, field.name)) continue;
        const parsed = fieldValueSchema({ ...field, required: false }).safeParse(given[field.name]);
        if (parsed.success && parsed.data !== undefined) values[field.name] = parsed.data;
      }
      // A choice the form would not offer is left out: a field, or the group entry that holds it.
      const badEntries = new Map<string, Set<number>>();
      for (const error of await deps.choices.check(service, values)) {
        const [group, index] = error.path.split('.');
        if (index === undefined) delete values[error.path];
        else badEntries.set(group!, (badEntries.get(group!) ?? new Set()).add(Number(index)));
      }
      for (const [group, bad] of badEntries) {
        const entries = values[group];
        if (Array.isArray(entries)) values[group] = entries.filter((_, i) => !bad.has(i));
      }
      const base = { service_id: service.id, lines: [], total_cents: null };
      if (feeNeedsParcel(service.fee))
        return { ...base, complete: false, missing: [], message: PARCEL_QUOTE_MESSAGE };
      const labels = new Map(fieldsOf(service).map((f) => [f.name, f.label]));
      const missing = missingFeeInputs(service.fee, values).map((field) => ({
        field,
        label: labels.get(field) ?? field,
      }));
      if (missing.length > 0)
        return {
          ...base,
          complete: false,
          missing,
          message: `${INCOMPLETE_QUOTE_MESSAGE}${missing.map((m) => m.label.toLowerCase()).join(', ')}.`,
        };
      try {
        const lines = await priceService(deps.db, service, values);
        return {
          service_id: service.id,
          complete: true,
          lines: lines.map((line) => ({
            description: (language === 'sw' && line.description_sw) || line.description,
            amount_cents: line.amount_cents,
          })),
          total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
          missing: [],
          // What the bill carries from the county's records (decision 036) is known only on submit.
          message: feeCarries(service.fee)
            ? language === 'sw'
              ? CARRIED_QUOTE_MESSAGE_SW
              : CARRIED_QUOTE_MESSAGE
            : null,
        };
      } catch (error) {
        // A tariff row the county has not configured: no amount, said in words, not a failure.
        if (error instanceof AppError && error.statusCode === 503)
          return { ...base, complete: false, missing: [], message: error.message };
        throw error;
      }
    },
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
