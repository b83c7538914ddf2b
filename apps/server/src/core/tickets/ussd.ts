import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type { Db } from '../../platform/db/database';
import { priceService } from '../applications/fees';
import type { ReferenceChoices } from '../applications/reference-choices';
import type { UssdLanguage } from '../ussd/screens';
import { definitionIn, type UssdService } from '../ussd/service-menu';
import type { TicketService } from './ticket-service';

/**
 * Every ticket service its definition flags `ussd` (market cess), on the USSD menu (issue 42):
 * the screens are its definition's; paying is its web form's own path (`submit`: the answers
 * checked, one open bill per thing paid for, the prompt to the calling phone), so a load is
 * charged once whichever channel paid it, and the enforcement plate check sees it.
 */
export function ticketUssdServices(deps: {
  db: Db;
  tickets: TicketService;
  choices: Pick<ReferenceChoices, 'optionsFor'>;
}): UssdService[] {
  return deps.tickets
    .services()
    .filter((definition) => definition.ussd)
    .map((definition) => {
      const phoneField = definition.ticket.phone_field ?? 'phone_number';
      /** An answer in words: a choice by its label in the caller's language, anything else as typed. */
      const wordsOf = async (
        field: FieldDefinition,
        values: Record<string, unknown>,
        language: UssdLanguage,
      ) => {
        const value = values[field.name];
        if (field.options && 'static' in field.options)
          return field.options.static.find((o) => o.value === value)?.label ?? String(value);
        if (field.options && 'list' in field.options) {
          const options = await deps.choices.optionsFor(field, values, language).catch(() => undefined);
          return options?.find((o) => o.value === value)?.label ?? String(value);
        }
        return String(value);
      };
      return {
        definition,
        async describe(values, language) {
          const fields = fieldsOf(definitionIn(definition, language)).filter(
            (f) => f.name !== phoneField && values[f.name] !== undefined,
          );
          return (await Promise.all(fields.map((f) => wordsOf(f, values, language)))).join(', ');
        },
        async price(values) {
          const lines = await priceService(deps.db, definition, values);
          return lines.reduce((sum, line) => sum + line.amount_cents, 0);
        },
        async pay({ values, requestId }) {
          const result = await deps.tickets.submit({
            serviceId: definition.id,
            payload: values,
            userId: null,
            requestId,
          });
          const what = result.ticket.plate ?? result.ticket.ticket_no;
          return result.already_paid
            ? { kind: 'paid', what }
            : { kind: 'prompted', amountCents: result.ticket.amount_cents, what };
        },
      };
    });
}
