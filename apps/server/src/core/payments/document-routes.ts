import { billParamsSchema } from '@kaunti/contract/api-bills';
import { invoiceDocumentSchema } from '@kaunti/contract/api-documents';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { BillDocumentKind, BillDocuments } from './bill-documents';

const tags = ['bills'];
const security = [{ bearer: [] }];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * A bill's invoice and receipt, for its owner only (another user's bill: 404):
 *  - `GET /api/bills/{bill_no}/invoice` and `/receipt`: the document model as JSON (the printable
 *    page `/downloads/Invoice?bill_no=…&type=invoice|receipt` renders it);
 *  - `GET /api/bills/{bill_no}/invoice.pdf` and `/receipt.pdf`: the same model as a PDF.
 * The receipt exists once the bill is paid (409 before). Both carry a signed E-Verify QR code.
 */
export function billDocumentRoutes(deps: {
  documents: BillDocuments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const kinds: BillDocumentKind[] = ['invoice', 'receipt'];
    for (const kind of kinds) {
      app.get(
        `/api/bills/:bill_no/${kind}`,
        {
          onRequest: deps.guards.requireUser,
          schema: {
            tags,
            security,
            summary:
              kind === 'invoice'
                ? "A bill's invoice (document model for the printable page)"
                : "A paid bill's receipt (document model for the printable page)",
            description:
              kind === 'invoice'
                ? "The invoice of one of the caller's bills as a document model (letterhead, lines, totals, QR code), for the printable page."
                : "The receipt of one of the caller's paid bills as a document model, for the printable page. An unpaid bill is a 409.",
            params: billParamsSchema,
            response: { 200: invoiceDocumentSchema, ...errors },
          },
        },
        async (request) =>
          deps.documents.model(currentUser(request).id, request.params.bill_no, kind, request.id),
      );
      app.get(
        `/api/bills/:bill_no/${kind}.pdf`,
        {
          onRequest: deps.guards.requireUser,
          config: {
            rateLimit: {
              max: 60,
              timeWindow: '10 minutes',
              keyGenerator: (request) => request.user?.id ?? request.ip,
            },
          },
          schema: {
            tags,
            security,
            summary: kind === 'invoice' ? "A bill's invoice as a PDF" : "A paid bill's receipt as a PDF",
            description:
              kind === 'invoice'
                ? "The invoice of one of the caller's bills as an A4 PDF with the QR code E-Verify accepts."
                : "The receipt of one of the caller's paid bills as an A4 PDF with its QR code. An unpaid bill is a 409.",
            params: billParamsSchema,
            produces: ['application/pdf'],
            response: { 200: z.any().describe('The PDF'), ...errors },
          },
        },
        async (request, reply) => {
          const { document, bytes } = await deps.documents.pdf(
            currentUser(request).id,
            request.params.bill_no,
            kind,
            request.id,
          );
          const name = kind === 'receipt' ? (document.receiptNo ?? document.billNo) : document.billNo;
          return reply
            .type('application/pdf')
            .header('content-disposition', `inline; filename="${kind}-${name}.pdf"`)
            .header('cache-control', 'private, no-store')
            .send(bytes);
        },
      );
    }
  };
}
