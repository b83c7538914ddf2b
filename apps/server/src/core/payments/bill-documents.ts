import { findService } from '@kaunti/catalogue/catalogue';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import { type BillService, fullName } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { bills } from '../bills/schema';
import type { InvoiceDocuments } from '../documents/invoice-documents';
import { documents as registerDocuments } from '../documents/schema';
import { PAYMENT_MESSAGES } from './messages';
import { payments } from './schema';

/**
 * The invoice and the receipt of a bill, for its owner: the model (JSON, for the printable page)
 * and the PDF of the same model.
 *
 * - Invoice: any bill that is not cancelled. Numbered by the bill number (the paybill account).
 * - Receipt: only once the bill is paid (409 before). Its number is the county's, `RCT-<bill
 *   number>`: one receipt per bill, available at once even when the payment that completed the
 *   bill has no M-Pesa receipt number yet (a payment confirmed by a status query), and covering
 *   bills paid in several parts. The M-Pesa receipt numbers stay on each payment (transactions
 *   history). See docs/decisions/ on payments.
 * - `billAmount` is the bill's total on both (a paid bill's total is what was paid towards it;
 *   any overpayment is credit, shown in the account's obligations).
 * - Another user's bill, or none: 404.
 */

export type BillDocumentKind = 'invoice' | 'receipt';

/** The county receipt number of a paid bill. */
export function receiptNumberOf(billNo: string): string {
  return `RCT-${billNo}`;
}

export function createBillDocuments(deps: { db: Db; bills: BillService; invoices: InvoiceDocuments }) {
  /**
   * The bill, if this user may print it: its account holder (invoice and receipt), or someone
   * who paid towards it (the receipt only: people pay a relative's rates). Anyone else: 404.
   */
  async function visibleBill(userId: string, billNo: string, kind: BillDocumentKind) {
    const [row] = await deps.db
      .select()
      .from(bills)
      .where(eq(bills.billNo, billNo.trim().toUpperCase()))
      .limit(1);
    if (!row) throw notFound(PAYMENT_MESSAGES.billNotFound);
    if (row.userId === userId) return row;
    if (kind === 'receipt') {
      const [paid] = await deps.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.billNo, row.billNo), eq(payments.userId, userId), eq(payments.status, 'paid')))
        .limit(1);
      if (paid) return row;
    }
    throw notFound(PAYMENT_MESSAGES.billNotFound);
  }

  async function model(
    userId: string,
    billNo: string,
    kind: BillDocumentKind,
    requestId?: string,
  ): Promise<InvoiceDocument> {
    const row = await visibleBill(userId, billNo, kind);
    return modelOf(row, kind, { type: 'user', id: userId }, requestId);
  }

  /**
   * The invoice or receipt behind a public printable link: the register's document `id` and the
   * link's key (not the id alone, which is inside the QR code). Anything else — no such document,
   * another kind, a wrong key — is the same 404.
   */
  async function publicModel(id: string, key: string): Promise<InvoiceDocument> {
    const [document] = await deps.db
      .select({ kind: registerDocuments.kind, subject: registerDocuments.subject })
      .from(registerDocuments)
      .where(eq(registerDocuments.id, id))
      .limit(1);
    if (
      !document?.subject ||
      (document.kind !== 'invoice' && document.kind !== 'receipt') ||
      !deps.invoices.printKeyMatches(id, key)
    )
      throw notFound(PAYMENT_MESSAGES.documentNotFound);
    const [row] = await deps.db.select().from(bills).where(eq(bills.billNo, document.subject)).limit(1);
    if (!row) throw notFound(PAYMENT_MESSAGES.documentNotFound);
    return modelOf(row, document.kind, { type: 'system', id: 'public-printable' });
  }

  async function modelOf(
    row: typeof bills.$inferSelect,
    kind: BillDocumentKind,
    actor: Actor,
    requestId?: string,
  ): Promise<InvoiceDocument> {
    const [bill] = await deps.bills.present([row]);
    if (!bill) throw notFound(PAYMENT_MESSAGES.billNotFound);
    if (kind === 'receipt' && bill.status !== 'paid') throw conflict(PAYMENT_MESSAGES.receiptNotYet);
    if (kind === 'invoice' && bill.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.invoiceCancelled);
    const [holder] = row.userId
      ? await deps.db
          .select({
            firstName: users.firstName,
            middleName: users.middleName,
            surName: users.surName,
            customerNo: users.customerNo,
          })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1)
      : [];
    const holderName = holder ? fullName(holder.firstName, holder.middleName, holder.surName) : '';
    // A document never changes once issued: the receipt prints the name frozen when the bill was
    // paid, the invoice whom the bill was addressed to when raised.
    const customerName =
      (kind === 'receipt' ? (row.receiptName ?? row.customerName) : row.customerName) ?? holderName;
    const isReceipt = kind === 'receipt';
    const area = bill.service_id ? findService(bill.service_id)?.area : undefined;
    return deps.invoices.prepare({
      receiptNo: isReceipt ? receiptNumberOf(bill.bill_no) : null,
      billDetails: bill.lines.map((line) => ({
        Amount: line.Amount,
        Description: line.Description,
        Parcel: line.Parcel,
      })),
      isLr: area === 'land' || bill.lines.some((line) => line.Parcel !== null),
      customerName,
      customerNo: holder?.customerNo ?? '',
      billDate: kenyaDate(new Date(bill.created_at)),
      externalDoc: bill.application_no,
      isReceipt,
      billNo: bill.bill_no,
      billAmount: bill.total_cents,
      description: bill.description,
      quantity: 1,
      unitPrice: bill.total_cents,
      ownerUserId: row.userId,
      actor,
      ...(requestId ? { requestId } : {}),
    });
  }

  return {
    model,
    publicModel,
    async pdf(userId: string, billNo: string, kind: BillDocumentKind, requestId?: string) {
      const document = await model(userId, billNo, kind, requestId);
      return { document, bytes: await deps.invoices.renderPdf(document) };
    },
    async publicPdf(id: string, key: string) {
      const document = await publicModel(id, key);
      return { document, bytes: await deps.invoices.renderPdf(document) };
    },
  };
}

export type BillDocuments = ReturnType<typeof createBillDocuments>;
