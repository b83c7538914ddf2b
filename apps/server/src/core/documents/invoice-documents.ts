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
  actor?: Actor;
  requestId?: string;
};

export interface InvoiceDocuments {
  prepare(input: InvoiceDocumentInput, tx?: Db): Promise<InvoiceDocument>;
  renderPdf(model: InvoiceDocument): Promise<Buffer>;
  /** True when `key` is the print key of the document `id` (its public link's key). */
  printKeyMatches(id: string, key: string): boolean;
}

export function createInvoiceDocuments(deps: {
  documents: DocumentService;
  county: CountyService;
  publicUrl: string;
  /** The server's secret (JWT_SECRET): the print keys are derived from it. */
  secret: string;
}): InvoiceDocuments {
  return {
    printKeyMatches: (id, key) => printKeyMatches(deps.secret, id, key),
    async prepare(input, tx) {
      const { ownerUserId, actor, requestId, ...fields } = input;
      if (fields.isReceipt && !fields.receiptNo?.trim())
        throw badRequest('A receipt needs a receipt number.');
      // Fails now, not at print time, on an amount that is not a number of shillings.
      try {
        layoutInvoice(fields);
      } catch (error) {
        throw badRequest(error instanceof Error ? error.message : 'The bill lines are not valid.');
      }
      const facts: Record<string, string> = { bill_no: fields.billNo };
      if (fields.externalDoc) facts.application_no = fields.externalDoc;
      if (fields.description) facts.description = fields.description;
      const issued = await deps.documents.issue(
        {
          kind: fields.isReceipt ? 'receipt' : 'invoice',
          number: fields.isReceipt ? fields.receiptNo!.trim() : fields.billNo,
          holderName: fields.customerName,
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
        printUrl: `${deps.publicUrl}/downloads/Invoice?id=${id}&key=${printKeyOf(deps.secret, id)}`,
      };
    },

    async renderPdf(model) {
      return renderInvoicePdf(model, await deps.county.get(), {
        verifyPageUrl: `${deps.publicUrl}${VERIFY_PATH}`,
      });
    },
  };
}
