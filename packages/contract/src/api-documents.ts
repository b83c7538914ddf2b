import { z } from 'zod';
import { centsSchema } from './cents-schema';

/**
 * Official documents: the invoice / receipt model that both the PDF (server, pdfkit) and the
 * printable page (web) render, and the register of issued documents (staff views, revocation).
 *
 * Money: every amount the portal computes is integer cents (`billAmount`, `unitPrice`). The one
 * exception is `billDetails[].Amount`, kept as the spec's shillings value exactly as the billing
 * system sends it (`"1500.50"`, `1500.5`, `""`): `groupBillingLines` (invoice-lines.ts) turns it
 * into cents, drops the empty ones and groups the rest. Nothing else reads it.
 */

/** The kinds of document the county issues and records (permits and licences come later). */
export const DOCUMENT_KINDS = [
  'invoice',
  'receipt',
  'permit',
  'licence',
  'certificate',
  'letter',
  'ticket',
] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

export const DOCUMENT_STATUSES = ['issued', 'revoked'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** One bill detail entry, as the spec names it. */
export const billDetailSchema = z.object({
  Amount: z
    .union([z.string(), z.number()])
    .nullable()
    .optional()
    .describe('Shillings as the billing system sends it ("1500.50" or 1500.5). Empty: the line is dropped.'),
  Description: z.string(),
  Parcel: z.string().nullable().optional().describe('The land parcel the line is for (land rates bills).'),
});

/**
 * The invoice / receipt document (spec section 3, field names as the spec has them), plus the
 * E-Verify code printed as its QR code. One model, two renderings: the PDF and the printable page.
 */
export const invoiceDocumentSchema = z
  .object({
    receiptNo: z
      .string()
      .nullable()
      .describe('The receipt number on a receipt (what E-Verify records); null on an invoice.'),
    billDetails: z
      .array(billDetailSchema)
      .describe('The bill lines. Grouped by identical Amount when printed; empty amounts dropped.'),
    isLr: z.boolean().describe('A land rates bill: the parcels of its lines are printed under the customer.'),
    customerName: z.string(),
    customerNo: z.string(),
    billDate: z
      .string()
      .describe('The bill date, MM/dd/yy (or yyyy-MM-dd / ISO); printed like 1st January 2024.'),
    externalDoc: z.string().nullable().describe('The application number the bill is for, if any.'),
    isReceipt: z
      .boolean()
      .describe('true: a RECEIPT (paid); false: an INVOICE (in red, with payment instructions).'),
    billNo: z.string().describe('The bill number; on an invoice also the M-Pesa account number.'),
    billAmount: centsSchema.describe('The bill total in cents (on a receipt: the amount paid).'),
    description: z
      .string()
      .describe(
        'The bill description; printed as the only line when billDetails is empty (or all amounts are).',
      ),
    quantity: z.int().positive().describe('Quantity of that single line.'),
    unitPrice: centsSchema.describe('Unit price of that single line, in cents.'),
    mpesaReceipts: z
      .array(z.string())
      .optional()
      .describe('On a receipt: the M-Pesa receipt numbers of the payments that paid the bill.'),
    verifyCode: z.string().describe('The signed E-Verify token (compact JWS) held by the QR code.'),
    verifyUrl: z.string().describe('`<public URL>/e-verify?code=<verifyCode>`: what the QR code encodes.'),
    verifyShortCode: z
      .string()
      .optional()
      .describe(
        'The short code printed under the QR code (XXXX-XXXX-XXXX), typed on E-Verify without a camera.',
      ),
    printUrl: z
      .string()
      .optional()
      .describe(
        'Its printable page for anyone holding the link (`/downloads/Invoice?id=…&key=…`): no sign-in, ' +
          'an unguessable key that is not in the QR code.',
      ),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** One issued document as county staff see it (full holder name, the register's state). */
export const staffDocumentSchema = z
  .object({
    id: z.string(),
    kind: documentKindSchema,
    number: z.string(),
    subject: z.string().nullable().describe('What it is about, e.g. the bill number.'),
    holder_name: z.string(),
    amount_cents: centsSchema.nullable(),
    status: documentStatusSchema,
    kid: z.string().describe('The signing key that signed its QR code.'),
    issued_at: z.iso.datetime(),
    expires_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    revocation_reason: z.string().nullable(),
    verify_url: z.string(),
  })
  .meta({ id: 'StaffDocument' });
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

export const staffDocumentListSchema = z
  .object({ data: z.array(staffDocumentSchema) })
  .meta({ id: 'StaffDocuments' });

export const staffDocumentQuerySchema = z.object({
  number: z.string().trim().min(1, { message: 'Enter a document number' }).max(100),
  kind: documentKindSchema.optional(),
});

export const documentIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const revokeDocumentBodySchema = z
  .object({
    reason: z
      .string({ message: 'Please give the reason for revoking this document' })
      .trim()
      .min(3, { message: 'Please give the reason for revoking this document' })
      .max(500, { message: 'The reason must be at most 500 characters long' }),
  })
  .meta({ examples: [{ reason: 'Issued in error: the applicant withdrew before issue' }] });
export type RevokeDocumentBody = z.infer<typeof revokeDocumentBodySchema>;

/** `GET /api/documents/qr.svg?code=<verify code>`: the QR code of a document the county signed. */
export const documentQrQuerySchema = z.object({ code: z.string().trim().min(1).max(2048) });

/**
 * What an issued document prints, filled in from its template when it is issued and kept with it
 * (so it never changes): the title, the facts in order, tables of lines, the wording and the
 * numbered conditions.
 */
export const composedDocumentSchema = z.object({
  template: z.string().describe('The catalogue document template, e.g. "single-business-permit".'),
  title: z.string().describe('e.g. "Single Business Permit".'),
  facts: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .describe('The facts printed under the title, in order.'),
  tables: z
    .array(
      z.object({
        title: z.string(),
        columns: z.array(z.object({ label: z.string(), money: z.boolean() })),
        rows: z.array(z.array(z.string())).describe('Each row: one cell per column, in words.'),
      }),
    )
    .describe('Tables of lines (business lines, charges, equipment), in order.'),
  body: z.array(z.string()).describe('The paragraphs of the document, in order.'),
  conditions: z.array(z.string()).describe('Numbered conditions, if any.'),
  conditions_title: z.string().describe('e.g. "Terms and conditions".'),
  conditions_page: z.boolean().describe('The conditions are printed on a page of their own.'),
});
export type ComposedDocument = z.infer<typeof composedDocumentSchema>;

/**
 * An issued county document (a certificate, a letter, a permit) as its printable page shows it:
 * the same model the PDF is drawn from (`GET /api/documents/{id}`). Public through its id, which
 * cannot be guessed; `state` says whether it still stands.
 */
export const printableDocumentSchema = composedDocumentSchema
  .extend({
    id: z.string(),
    number: z.string().describe('The document number (the application number for application documents).'),
    holder: z.string().describe('Who it was issued to.'),
    issued_on: z.iso.datetime({ offset: true }),
    valid_until: z.iso.datetime({ offset: true }).nullable().describe('null: it does not expire.'),
    state: z
      .enum(['valid', 'revoked', 'expired'])
      .describe('valid; revoked by the county (see `revocation_reason`); or past `valid_until`.'),
    revoked_on: z.iso.datetime({ offset: true }).nullable(),
    revocation_reason: z.string().nullable(),
    verify_url: z.string().describe('Its E-Verify link: what its QR code holds.'),
    verify_code: z.string().describe('The signed code inside the QR (for `/api/documents/qr.svg?code=`).'),
    short_code: z.string().describe('The short verification code printed under the QR code.'),
    signatory: z.string(),
    pdf_url: z.string(),
    print_url: z.string().nullable(),
  })
  .meta({ id: 'Document' });
export type PrintableDocument = z.infer<typeof printableDocumentSchema>;
