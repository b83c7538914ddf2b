import { findService } from '@kaunti/catalogue/catalogue';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { maskName } from '@kaunti/contract/masking';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import { type BillLanguage, type BillService, fullName } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { bills } from '../bills/schema';
import type { DocumentService } from '../documents/document-service';
import type { InvoiceDocuments } from '../documents/invoice-documents';
import { type DocumentRow, documents as registerDocuments } from '../documents/schema';
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

export function createBillDocuments(deps: {
  db: Db;
  bills: BillService;
  invoices: InvoiceDocuments;
  /** The register: an invoice or receipt with no bill behind it (the demo data's) prints from it. */
  documents: Pick<DocumentService, 'verifyUrl' | 'shortCodeOf'>;
}) {
  /**
   * The bill, if this user may print it, and whether the owner's name is masked for them: its
   * account holder (invoice and receipt), whoever asked for it (both, masked unless they are
   * the owner it is addressed to), or someone who paid towards it (the receipt only: people pay
   * a relative's rates). Anyone else: 404.
   */
  async function visibleBill(userId: string, billNo: string, kind: BillDocumentKind) {
    const [row] = await deps.db
      .select()
      .from(bills)
      .where(eq(bills.billNo, billNo.trim().toUpperCase()))
      .limit(1);
    if (!row) throw notFound(PAYMENT_MESSAGES.billNotFound);
    if (row.userId === userId) return { row, masked: false };
    const asked = await deps.bills.requestOf(userId, row.id);
    if (asked) return { row, masked: asked.masked };
    if (kind === 'receipt') {
      const [paid] = await deps.db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.billNo, row.billNo), eq(payments.userId, userId), eq(payments.status, 'paid')))
        .limit(1);
      if (paid) return { row, masked: true };
    }
    throw notFound(PAYMENT_MESSAGES.billNotFound);
  }

  async function model(
    userId: string,
    billNo: string,
    kind: BillDocumentKind,
    requestId?: string,
    language: BillLanguage = 'en',
  ): Promise<InvoiceDocument> {
    const { row, masked } = await visibleBill(userId, billNo, kind);
    // A payer who is not the bill's owner reads the owner's name masked, as on the bill.
    return modelOf(row, kind, { type: 'user', id: userId }, requestId, masked, language);
  }

  /**
   * The invoice or receipt behind a public printable link: the register's document `id` and the
   * link's key (not the id alone, which is inside the QR code). Anything else — no such document,
   * another kind, a wrong key — is the same 404.
   */
  async function publicModel(
    id: string,
    key: string,
    language: BillLanguage = 'en',
  ): Promise<InvoiceDocument> {
    const [document] = await deps.db
      .select()
      .from(registerDocuments)
      .where(eq(registerDocuments.id, id))
      .limit(1);
    const opens = deps.invoices.printKeyOpens(id, key);
    if (!document?.subject || (document.kind !== 'invoice' && document.kind !== 'receipt') || !opens)
      throw notFound(PAYMENT_MESSAGES.documentNotFound);
    const [row] = await deps.db.select().from(bills).where(eq(bills.billNo, document.subject)).limit(1);
    if (!row) return registerModel(document, opens === 'masked');
    return modelOf(
      row,
      document.kind,
      { type: 'system', id: 'public-printable' },
      undefined,
      opens === 'masked',
      language,
    );
  }

  /**
   * An invoice or receipt the register holds with no bill behind it (the demo data's): printed
   * from what the register recorded — its number, holder, amount, description and QR code.
   */
  async function registerModel(document: DocumentRow, masked: boolean): Promise<InvoiceDocument> {
    const isReceipt = document.kind === 'receipt';
    const amount = document.amountCents ?? 0;
    const billNo = document.facts.bill_no ?? document.subject ?? document.number;
    const description = document.facts.description ?? '';
    return {
      receiptNo: isReceipt ? document.number : null,
      billDetails: [{ Amount: String(amount / 100), Description: description, Parcel: null }],
      isLr: false,
      customerName: masked ? maskName(document.holderName) : document.holderName,
      customerNo: '',
      billDate: kenyaDate(document.issuedAt),
      externalDoc: document.facts.application_no ?? null,
      isReceipt,
      billNo,
      billAmount: amount,
      description,
      quantity: 1,
      unitPrice: amount,
      verifyCode: document.token,
      verifyUrl: deps.documents.verifyUrl(document.token),
      verifyShortCode: await deps.documents.shortCodeOf(document),
      printUrl: deps.invoices.publicLinks(document.id, masked).print_url,
    };
  }

  async function modelOf(
    row: typeof bills.$inferSelect,
    kind: BillDocumentKind,
    actor: Actor,
    requestId?: string,
    /** For a reader who is not the bill's owner: the owner's name masked, no customer number. */
    masked = false,
    /** The language of its words: the bill's description and lines (the register keeps the English). */
    language: BillLanguage = 'en',
  ): Promise<InvoiceDocument> {
    const [bill] = await deps.bills.present([row]);
    if (!bill) throw notFound(PAYMENT_MESSAGES.billNotFound);
    if (kind === 'receipt' && bill.status !== 'paid')
      throw conflict(PAYMENT_MESSAGES.receiptNotYet, 'receipt_not_ready');
    if (kind === 'invoice' && bill.status === 'cancelled')
      throw conflict(PAYMENT_MESSAGES.invoiceCancelled, 'bill_cancelled');
    // A receipt acknowledges money received, never a debt moved elsewhere (into a payment plan).
    const received = bill.paid_cents - row.settledCents;
    if (kind === 'receipt' && received <= 0)
      throw conflict(PAYMENT_MESSAGES.settledNotReceived, 'nothing_received');
    const settledInPart = kind === 'receipt' && row.settledCents > 0;
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
    // A receipt names the M-Pesa receipts of the payments that paid the bill.
    const mpesaReceipts = isReceipt
      ? (
          await deps.db
            .select({ receipt: payments.mpesaReceiptNumber })
            .from(payments)
            .where(
              and(
                eq(payments.billNo, bill.bill_no),
                eq(payments.status, 'paid'),
                isNotNull(payments.appliedAt),
                isNotNull(payments.mpesaReceiptNumber),
              ),
            )
            .orderBy(asc(payments.createdAt))
        ).map((p) => p.receipt!)
      : [];
    const prepared = await deps.invoices.prepare({
      receiptNo: isReceipt ? receiptNumberOf(bill.bill_no) : null,
      // Part received, part moved into a plan: the receipt is of what was received, as one line.
      billDetails: settledInPart
        ? []
        : bill.lines.map((line) => ({
            Amount: line.Amount,
            Description: line.Description,
            Parcel: line.Parcel,
          })),
      isLr: area === 'land' || bill.lines.some((line) => line.Parcel !== null),
      customerName: masked ? maskName(customerName) : customerName,
      registerName: customerName,
      // A masked reader's copy links to the masked printable, never to the owner's.
      printMasked: masked,
      customerNo: masked ? '' : (holder?.customerNo ?? ''),
      ...(mpesaReceipts.length > 0 ? { mpesaReceipts } : {}),
      billDate: kenyaDate(new Date(bill.created_at)),
      externalDoc: bill.application_no,
      isReceipt,
      billNo: bill.bill_no,
      billAmount: settledInPart ? received : bill.total_cents,
      description: settledInPart
        ? `${bill.description} (paid towards it; the rest moved into a payment plan)`
        : bill.description,
      quantity: 1,
      unitPrice: settledInPart ? received : bill.total_cents,
      ownerUserId: row.userId,
      actor,
      ...(requestId ? { requestId } : {}),
    });
    if (language === 'en') return prepared;
    // The same document in the reader's language: the words the bill keeps in it (issue 36 item 23).
    const [inLanguage] = await deps.bills.present([row], language);
    return {
      ...prepared,
      description: settledInPart ? prepared.description : (inLanguage?.description ?? prepared.description),
      billDetails: (settledInPart ? [] : (inLanguage?.lines ?? [])).map((line) => ({
        Amount: line.Amount,
        Description: line.Description,
        Parcel: line.Parcel,
      })),
    };
  }

  /**
   * The public printable link of a bill's invoice for one reader: whoever asked for it (a rates
   * bill on another's parcel) prints it to pay at a bank, with the owner's name masked.
   */
  async function invoiceLinkFor(billNo: string, userId: string): Promise<string> {
    const [row] = await deps.db.select().from(bills).where(eq(bills.billNo, billNo)).limit(1);
    if (!row) throw notFound(PAYMENT_MESSAGES.billNotFound);
    const invoice = await modelOf(
      row,
      'invoice',
      { type: 'user', id: userId },
      undefined,
      row.userId !== userId,
    );
    return invoice.printUrl!;
  }

  return {
    model,
    publicModel,
    invoiceLinkFor,
    async pdf(
      userId: string,
      billNo: string,
      kind: BillDocumentKind,
      requestId?: string,
      language: BillLanguage = 'en',
    ) {
      const document = await model(userId, billNo, kind, requestId, language);
      return { document, bytes: await deps.invoices.renderPdf(document, language) };
    },
    async publicPdf(id: string, key: string, language: BillLanguage = 'en') {
      const document = await publicModel(id, key, language);
      return { document, bytes: await deps.invoices.renderPdf(document, language) };
    },
  };
}

export type BillDocuments = ReturnType<typeof createBillDocuments>;
