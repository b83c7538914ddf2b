import { printableDocumentSchema } from '@kaunti/contract/api-documents';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { ApplicationDocuments } from './application-documents';

/** A printed document's query: its print key, and the language it is printed in. */
const documentQuerySchema = z.object({
  key: z.string().max(64).optional(),
  lang: z
    .enum(['en', 'sw'])
    .optional()
    .describe('The language it prints in (a link cannot carry `Accept-Language`); it wins over the header.'),
});

/** The language a document is printed in: `lang`, else `Accept-Language` (decision 025). */
const documentLanguageOf = (lang: 'en' | 'sw' | undefined, header: string | string[] | undefined) =>
  lang ?? answerLanguageOf(header);

/** An issued document through its link: its printable page's model, and its PDF. */
export function documentRoutes(deps: { documents: ApplicationDocuments }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/documents/:id',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getDocument',
          tags: ['documents'],
          summary: 'An issued document (certificate, letter, permit), as its printable page shows it',
          description:
            'The model of an issued document: title, number, holder, facts, wording, conditions, validity, ' +
            'its QR code and short verification code, and whether it still stands (`state`: valid, revoked ' +
            'or expired). Public, as a printable is, through its link (`document.print_url`): its id and its ' +
            "key, which is not in the QR code; without the right key, 404. In the reader's language: `lang` " +
            '(a link carries it), else `Accept-Language` (Kiswahili: `sw`; said in `Content-Language`).',
          params: z.object({ id: z.string().min(1).max(40) }),
          querystring: documentQuerySchema,
          response: { 200: printableDocumentSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const language = documentLanguageOf(request.query.lang, request.headers['accept-language']);
        const { view } = await deps.documents.view(request.params.id, request.query.key, language);
        reply
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .header('vary', 'Accept-Language');
        return view;
      },
    );

    app.get(
      '/api/documents/:id/pdf',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getDocumentPdf',
          tags: ['documents'],
          summary: 'An issued document (certificate, letter, permit) as a PDF',
          description:
            'The document an application was issued, as an A4 PDF with its QR code and short verification ' +
            'code. Public, as a printable is, through its link (`document.pdf_url`: its id and key). A revoked ' +
            "document still prints, and E-Verify says it is revoked. In the reader's language: `lang=sw` " +
            "(the printable page's link carries it), else `Accept-Language`.",
          params: z.object({ id: z.string().min(1).max(40) }),
          querystring: documentQuerySchema,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The PDF'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const language = documentLanguageOf(request.query.lang, request.headers['accept-language']);
        const { document, bytes } = await deps.documents.pdf(request.params.id, request.query.key, language);
        return reply
          .type('application/pdf')
          .header('content-language', language)
          .header('vary', 'Accept-Language')
          .header('content-disposition', `inline; filename="${document.number}.pdf"`)
          .header('cache-control', 'private, max-age=300')
          .send(bytes);
      },
    );
  };
}
