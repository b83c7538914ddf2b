import type { InvoiceDocument } from './api-documents';
import { CONTINUATION_PAGE_ITEMS, chunkDescription, groupBillingLines } from './invoice-lines';

/**
 * How an invoice or receipt is laid out, computed once from the document model so the PDF
 * (server) and the printable page (web) print the same lines on the same pages. No zod here: the
 * printable page imports it.
 *
 * Rules (spec sections 2, 3 and 9):
 *  - the title is RECEIPT for a receipt and INVOICE for an invoice (printed in red);
 *  - bill lines are grouped by identical amount (`groupBillingLines`): one line per group, the
 *    descriptions joined by commas, the group size as the quantity; lines with an empty amount
 *    are dropped. When no line is left, the bill's own description / quantity / unit price make
 *    the single line;
 *  - each line's description is split by comma into chunks of 200 items: the first chunk is
 *    printed on the first page, every further chunk on a continuation page of its own;
 *  - only invoices carry payment instructions.
 */

export const INVOICE_TITLE = 'INVOICE';
export const RECEIPT_TITLE = 'RECEIPT';

/** One printed line of the first page's table. */
export interface LaidOutLine {
  /** 1-based line number, as referred to on continuation pages. */
  number: number;
  /** The description items printed on the first page (the first chunk). */
  items: string[];
  /** How many description items the line has in all. */
  totalItems: number;
  quantity: number;
  /** Cents. */
  unitPrice: number;
  /** Cents: unit price × quantity. */
  amount: number;
  /** The page numbers (1-based, the first page is 1) where the rest of the description goes. */
  continuedOn: number[];
}

/** A continuation page: one further chunk of one line's description. */
export interface ContinuationPage {
  /** 1-based page number in the whole document. */
  pageNumber: number;
  lineNumber: number;
  items: string[];
  /** 1-based position of the first and last item of this page within the line's description. */
  firstItem: number;
  lastItem: number;
  totalItems: number;
}

export interface InvoiceLayout {
  title: typeof INVOICE_TITLE | typeof RECEIPT_TITLE;
  isReceipt: boolean;
  /** Payment instructions are printed on invoices only. */
  showPaymentInstructions: boolean;
  lines: LaidOutLine[];
  continuationPages: ContinuationPage[];
  /** Cents: the bill amount (on a receipt, the amount paid). */
  total: number;
  /** The distinct parcels of a land rates bill (isLr), in order; empty otherwise. */
  parcels: string[];
  /** The first page plus one page per continuation chunk. */
  pageCount: number;
}

export type InvoiceLayoutInput = Pick<
  InvoiceDocument,
  'billDetails' | 'isReceipt' | 'isLr' | 'description' | 'quantity' | 'unitPrice' | 'billAmount'
>;

/** Lays the document out (see the rules above). Throws on an invalid bill amount, like groupBillingLines. */
export function layoutInvoice(
  document: InvoiceLayoutInput,
  pageItems = CONTINUATION_PAGE_ITEMS,
): InvoiceLayout {
  const grouped = groupBillingLines(
    document.billDetails.map((detail) => ({ Amount: detail.Amount, Description: detail.Description })),
  );
  const sources =
    grouped.length > 0
      ? grouped.map((g) => ({ description: g.description, quantity: g.quantity, unitPrice: g.amount }))
      : [{ description: document.description, quantity: document.quantity, unitPrice: document.unitPrice }];

  const lines: LaidOutLine[] = [];
  const continuationPages: ContinuationPage[] = [];
  let nextPage = 2;
  sources.forEach((source, index) => {
    const chunks = chunkDescription(source.description, pageItems);
    const totalItems = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const amount = source.unitPrice * source.quantity;
    if (!Number.isSafeInteger(amount)) throw new Error(`Line ${index + 1}: the amount is too large`);
    const line: LaidOutLine = {
      number: index + 1,
      items: chunks[0] ?? [],
      totalItems,
      quantity: source.quantity,
      unitPrice: source.unitPrice,
      amount,
      continuedOn: [],
    };
    let firstItem = line.items.length + 1;
    for (const chunk of chunks.slice(1)) {
      line.continuedOn.push(nextPage);
      continuationPages.push({
        pageNumber: nextPage,
        lineNumber: line.number,
        items: chunk,
        firstItem,
        lastItem: firstItem + chunk.length - 1,
        totalItems,
      });
      firstItem += chunk.length;
      nextPage += 1;
    }
    lines.push(line);
  });

  const parcels = document.isLr
    ? [
        ...new Set(
          document.billDetails
            .map((detail) => (detail.Parcel ?? '').trim())
            .filter((parcel) => parcel !== ''),
        ),
      ]
    : [];

  return {
    title: document.isReceipt ? RECEIPT_TITLE : INVOICE_TITLE,
    isReceipt: document.isReceipt,
    showPaymentInstructions: !document.isReceipt,
    lines,
    continuationPages,
    total: document.billAmount,
    parcels,
    pageCount: 1 + continuationPages.length,
  };
}
