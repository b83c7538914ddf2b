import { PRINTABLE_NAMES, type PrintableRoute } from '@kaunti/contract/printables';
import { z } from 'zod';

/**
 * Document templates: what a service issues, as data. A template names its printable page under
 * /downloads/, the register it is kept in (E-Verify), its title, the facts printed under the title
 * (each taken from a field of the application, or a built-in such as the fee or the expiry date),
 * tables of repeating lines (business lines, the bill's charges, instruments, signs), the wording
 * and the numbered conditions. `document-compose.ts` fills one in when it is issued; the server
 * keeps what it printed, and ONE print view (web) and ONE PDF renderer (server) draw it.
 *
 * Placeholders in the wording — `{holder}`, `{holder_id}`, `{reference}`, `{service}`, `{application_no}`,
 * `{county}`, `{number}`, `{fee}`, `{issued_on}`, `{valid_until}`, `{duration}` and any field of
 * the application, e.g. `{premises_name}` — are filled in when it is issued.
 */

/** The facts every document can print besides the application's own fields. */
export const BUILT_IN_FACTS = [
  'holder',
  'holder_id',
  'reference',
  'service',
  'application_no',
  'county',
  'number',
  'fee',
  'issued_on',
  'valid_until',
  'expiry_with_duration',
  'duration',
] as const;

/** The bill's charge lines (code, description, amount in cents): a table source for every document. */
export const BILL_LINES = 'bill_lines';

const printableRouteSchema = z
  .enum(PRINTABLE_NAMES.map((name) => `/downloads/${name}` as const) as [PrintableRoute, ...PrintableRoute[]])
  .describe("Its printable page: one of the spec's /downloads/ names.");

export const documentTemplateSchema = z
  .object({
    name: z.string().min(1),
    title: z.string().min(1).describe('The title printed on it, e.g. "Single Business Permit".'),
    description: z.string().min(1),
    download_route: printableRouteSchema.optional(),
    verifiable: z.boolean().describe('Carries an E-Verify QR code.'),
    register: z
      .enum(['certificate', 'letter', 'permit', 'licence', 'ticket'])
      .optional()
      .describe("Where issued ones are registered (E-Verify's kinds); none for invoices and receipts."),
    facts: z
      .array(
        z.object({
          label: z.string().min(1),
          field: z
            .string()
            .min(1)
            .describe(`A field of the application, or one of: ${BUILT_IN_FACTS.join(', ')}.`),
        }),
      )
      .readonly()
      .optional()
      .describe(
        'The facts printed under the title, in order (default: issued to, application number, reference, ' +
          'service, date of issue, valid until).',
      ),
    tables: z
      .array(
        z.object({
          title: z.string().min(1),
          field: z
            .string()
            .min(1)
            .describe(`A repeating group of the application, or "${BILL_LINES}" (the bill's charges).`),
          columns: z
            .array(
              z.object({
                label: z.string().min(1),
                key: z.string().min(1),
                money: z.boolean().optional().describe('The value is cents, printed as KES.'),
              }),
            )
            .min(1)
            .readonly(),
          max_rows: z.int().positive().optional(),
        }),
      )
      .readonly()
      .optional()
      .describe('Tables of lines printed after the facts.'),
    body: z.array(z.string().min(1)).readonly().optional().describe('The wording, paragraph by paragraph.'),
    conditions: z.array(z.string().min(1)).readonly().optional().describe('Numbered conditions.'),
    conditions_title: z.string().min(1).optional().describe('Default "Conditions".'),
    conditions_page: z
      .boolean()
      .optional()
      .describe("The conditions are printed on a page of their own (a permit's terms page)."),
    validity_days: z.int().positive().optional().describe('How long an issued one is valid, in days.'),
    personal: z
      .boolean()
      .optional()
      .describe(
        'A document about one person (a medical certificate): it names them by `holder` and `holder_id`, ' +
          'which come from one source — the account, or the person the form names (holder_field and ' +
          'holder_id_field) — never a name from one and an ID number typed for someone else.',
      ),
    example: z
      .object({
        number: z.string().min(1),
        holder: z.string().min(1),
        holder_id: z.string().optional(),
        reference: z.string().optional(),
        values: z.record(z.string(), z.unknown()),
      })
      .optional()
      .describe(
        'A filled-in example, issued as demo data while no service of the catalogue produces this ' +
          'template. Its fee: the sum of its `bill_lines`, else `fee_cents`.',
      ),
  })
  .meta({ id: 'DocumentTemplate' });
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;

/** What an example paid: the sum of its bill lines, else its `fee_cents`, else nothing. */
export function exampleFeeOf(template: DocumentTemplate): number | undefined {
  const values = template.example?.values ?? {};
  const lines = values[BILL_LINES];
  if (Array.isArray(lines))
    return lines.reduce((sum: number, line) => sum + Number((line as { amount?: unknown }).amount ?? 0), 0);
  return typeof values.fee_cents === 'number' ? values.fee_cents : undefined;
}
