import { billParamsSchema } from '@kaunti/contract/api-bills';
import { invoiceDocumentSchema } from '@kaunti/contract/api-documents';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerLanguageOf } from '../../platform/http/accept-language';
import { pascalCase } from '../../platform/http/openapi';
import { currentUser, type Guards } from '../accounts/guard';
import type { BillDocumentKind, BillDocuments } from './bill-documents';

const tags = ['bills'];
const security = [{ bearer: [] }];
const errors = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The language it is printed in: `lang` (a PDF link carries no header), else `Accept-Language` (decision 025). */
const langSchema = z
  .enum(['en', 'sw'])
  .optional()
  .describe('The language it prints in; wins over `Accept-Language`. The bill keeps its words in both.');
const languageQuery = z.object({ lang: langSchema });
const languageOf = (request: {
  query: { lang?: 'en' | 'sw' | undefined };
  headers: { 'accept-language'?: string | string[] | undefined };
}) => request.query.lang ?? answerLanguageOf(request.headers['accept-language']);

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
    // The public printable link of an invoice or receipt (its `printUrl`): anyone holding it, no
    // sign-in — the register id and a key the QR code does not carry.
    const publicParams = z.object({ id: z.string().min(1).max(40).describe("The document's register id.") });
    const publicQuery = z.object({
      key: z.string().min(1).max(64).describe('The key of its printable link (from `printUrl`).'),
      lang: langSchema,
    });
    const publicErrors = {
      400: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
      429: errorBodySchema,
    };
    app.get(
      '/api/bill-documents/:id',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getBillDocument',
          tags,
          summary: 'An invoice or receipt by its public printable link',
          description:
            'The invoice or receipt model for its printable page, for anyone holding its link (`printUrl` of ' +
            "the owner's invoice or receipt): the register id and the link's key. A wrong key and an unknown " +
            "id are the same 404. A cancelled bill's invoice is a 409.",
          params: publicParams,
          querystring: publicQuery,
          response: { 200: invoiceDocumentSchema, ...publicErrors },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        reply
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .header('vary', 'Accept-Language');
        return deps.documents.publicModel(request.params.id, request.query.key, language);
      },
    );
    app.get(
      '/api/bill-documents/:id/pdf',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getBillDocumentPdf',
          tags,
          summary: 'An invoice or receipt as a PDF, by its public printable link',
          description: 'The same document as an A4 PDF, for anyone holding its link (id and key).',
          params: publicParams,
          querystring: publicQuery,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The PDF'), ...publicErrors },
        },
      },
      async (request, reply) => {
        const language = languageOf(request);
        const { document, bytes } = await deps.documents.publicPdf(
          request.params.id,
          request.query.key,
          language,
        );
        const name = document.isReceipt ? (document.receiptNo ?? document.billNo) : document.billNo;
        return reply
          .type('application/pdf')
          .header('content-language', language)
          .header('vary', 'Accept-Language')
          .header('content-disposition', `inline; filename="${name}.pdf"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );

    const kinds: BillDocumentKind[] = ['invoice', 'receipt'];
    for (const kind of kinds) {
      app.get(
        `/api/bills/:bill_no/${kind}`,
        {
          onRequest: deps.guards.requireUser,
          schema: {
            operationId: `get${pascalCase(kind)}`,
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
            querystring: languageQuery,
            response: { 200: invoiceDocumentSchema, ...errors },
          },
        },
        async (request, reply) => {
          const language = languageOf(request);
          reply.header('content-language', language).header('vary', 'Accept-Language');
          return deps.documents.model(
            currentUser(request).id,
            request.params.bill_no,
            kind,
            request.id,
            language,
          );
        },
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
            operationId: `get${pascalCase(kind)}Pdf`,
            tags,
            security,
            summary: kind === 'invoice' ? "A bill's invoice as a PDF" : "A paid bill's receipt as a PDF",
            description:
              kind === 'invoice'
                ? "The invoice of one of the caller's bills as an A4 PDF with the QR code E-Verify accepts."
                : "The receipt of one of the caller's paid bills as an A4 PDF with its QR code. An unpaid bill is a 409.",
            params: billParamsSchema,
            querystring: languageQuery,
            produces: ['application/pdf'],
            response: { 200: z.any().describe('The PDF'), ...errors },
          },
        },
        async (request, reply) => {
          const language = languageOf(request);
          const { document, bytes } = await deps.documents.pdf(
            currentUser(request).id,
            request.params.bill_no,
            kind,
            request.id,
            language,
          );
          const name = kind === 'receipt' ? (document.receiptNo ?? document.billNo) : document.billNo;
          return reply
            .type('application/pdf')
            .header('content-language', language)
            .header('vary', 'Accept-Language')
            .header('content-disposition', `inline; filename="${kind}-${name}.pdf"`)
            .header('cache-control', 'private, no-store')
            .send(bytes);
        },
      );
    }
  };
}
