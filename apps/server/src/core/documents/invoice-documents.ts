import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { layoutInvoice } from '@kaunti/contract/invoice-layout';
import { VERIFY_PATH } from '@kaunti/contract/verify-code';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import { renderInvoicePdf } from '../../platform/pdf/invoice-pdf';
import type { Actor } from '../audit/audit';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from './document-service';
import { printKeyMatches, printKeyOf } from './print-keys';

/**
 * Invoices and receipts for the bills and payments modules. Usage (e.g. in the bills routes):
 *
 *   const model = await invoices.prepare({ ...billFields, ownerUserId: user.id });  // records + signs
 *   const pdf = await invoices.renderPdf(model);                                      // A4 PDF bytes
 *   reply.type('application/pdf').header('content-disposition', `inline; filename="${model.billNo}.pdf"`).send(pdf);
 *
 * `prepare` issues the document in the register (kind `invoice` numbered by the bill number, or
 * kind `receipt` numbered by the receipt number) and returns the full model with its E-Verify
 * code; it is idempotent, so preparing the same invoice twice gives the same QR code. The same
 * model, as JSON, feeds the printable web page (features/documents).
 */

/** The model without its E-Verify code (what the caller knows), plus who owns it. */
export type InvoiceDocumentInput = Omit<
  InvoiceDocument,
  'verifyCode' | 'verifyUrl' | 'verifyShortCode' | 'printUrl'
> & {
  ownerUserId?: string | null;
  /** The name the register records, when the printed `customerName` is masked for its reader. */
  registerName?: string;
  /** Its `printUrl` is the masked public link (the reader is not the owner). */
  printMasked?: boolean;
  actor?: Actor;
  requestId?: string;
};

export interface InvoiceDocuments {
  prepare(input: InvoiceDocumentInput, tx?: Db): Promise<InvoiceDocument>;
  /** The A4 PDF, its words in `language` (the model's own words are as given). */
  renderPdf(model: InvoiceDocument, language?: 'en' | 'sw'): Promise<Buffer>;
  /**
   * Which public link `key` opens of the document `id`: its own (`full`), the one that prints the
   * holder's name masked (`masked`: for whoever asked for another's bill), or none.
   */
  printKeyOpens(id: string, key: string): 'full' | 'masked' | null;
  /** The public links of the document `id`: the printable page and the PDF (masked: the holder's name masked). */
  publicLinks(id: string, masked?: boolean): { print_url: string; pdf_url: string };
}

const MASKED = ':masked';

export function createInvoiceDocuments(deps: {
  documents: DocumentService;
  county: CountyService;
  publicUrl: string;
  /** The server's secret (JWT_SECRET): the print keys are derived from it. */
  secret: string;
}): InvoiceDocuments {
  const publicLinks = (id: string, masked = false) => {
    const key = printKeyOf(deps.secret, masked ? `${id}${MASKED}` : id);
    return {
      print_url: `${deps.publicUrl}/downloads/Invoice?id=${id}&key=${key}`,
      pdf_url: `${deps.publicUrl}/api/bill-documents/${id}/pdf?key=${key}`,
    };
  };
  return {
    printKeyOpens: (id, key) =>
      printKeyMatches(deps.secret, id, key)
        ? 'full'
        : printKeyMatches(deps.secret, `${id}${MASKED}`, key)
          ? 'masked'
          : null,
    publicLinks,
    async prepare(input, tx) {
      const { ownerUserId, registerName, printMasked, actor, requestId, ...fields } = input;
      // Internal checks (`bad_request`): no route reaches them, the engine prepares its own bills' documents.
      if (fields.isReceipt && !fields.receiptNo?.trim())
        throw badRequest('A receipt needs a receipt number.', 'bad_request');
      // Fails now, not at print time, on an amount that is not a number of shillings.
      try {
        layoutInvoice(fields);
      } catch (error) {
        throw badRequest(
          error instanceof Error ? error.message : 'The bill lines are not valid.',
          'bad_request',
        );
      }
      const facts: Record<string, string> = { bill_no: fields.billNo };
      if (fields.externalDoc) facts.application_no = fields.externalDoc;
      if (fields.description) facts.description = fields.description;
      const issued = await deps.documents.issue(
        {
          kind: fields.isReceipt ? 'receipt' : 'invoice',
          number: fields.isReceipt ? fields.receiptNo!.trim() : fields.billNo,
          holderName: registerName ?? fields.customerName,
          ownerUserId: ownerUserId ?? null,
          subject: fields.billNo,
          amountCents: fields.billAmount,
          facts,
          ...(actor ? { actor } : {}),
          ...(requestId ? { requestId } : {}),
        },
        tx,
      );
      const id = issued.document.id;
      return {
        ...fields,
        verifyCode: issued.token,
        verifyUrl: issued.verifyUrl,
        verifyShortCode: issued.shortCode,
        printUrl: publicLinks(id, printMasked).print_url,
      };
    },

    async renderPdf(model, language = 'en') {
      return renderInvoicePdf(model, await deps.county.get(), {
        verifyPageUrl: `${deps.publicUrl}${VERIFY_PATH}`,
        language,
      });
    },
  };
}
