import {
  identityVerifyParamsSchema,
  identityVerifyResponseSchema,
  myIdentityQrResponseSchema,
  permitValidateQuerySchema,
  permitValidateResponseSchema,
  staffVerifyParamsSchema,
  staffVerifyResponseSchema,
  type VerifySamplesResponse,
  verifySamplesResponseSchema,
} from '@kaunti/contract/api-verify';
import { identityVerifyUrlFor, staffVerifyUrlFor } from '@kaunti/contract/verify-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationDocuments } from '../applications/application-documents';
import type { DocumentService, IssuedDocument } from '../documents/document-service';
import { VERIFY_RATE_LIMIT } from '../documents/routes';
import type { DocumentRow } from '../documents/schema';
import { demoVerificationRecords } from './seed';
import type { VerificationService } from './verification-service';

export interface VerificationRoutesDeps {
  verification: VerificationService;
  guards: Guards;
  publicUrl: string;
  /** Present only with KAUNTI_DEMO_DATA: the demo documents, for `/api/verify/samples`. */
  demo?: {
    db: Db;
    documents: DocumentService;
    issued: IssuedDocument[];
    /** Issued demo applications' documents, and how to link them (printable page, PDF). */
    applicationDocuments: DocumentRow[];
    links: Pick<ApplicationDocuments, 'findMany' | 'link'>;
    /** An invoice's or receipt's public links (printable page, PDF), as its owner's `printUrl`. */
    invoiceLinks: (id: string) => { print_url: string; pdf_url: string };
  };
}

/**
 * Staff ID and national ID checks (public, rate-limited), the citizen's own ID QR link, and —
 * with demo data only — links to the demo records.
 */
export function verificationRoutes(deps: VerificationRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/verify/staff/:qid/:sid',
      {
        config: { rateLimit: VERIFY_RATE_LIMIT },
        schema: {
          operationId: 'verifyOfficer',
          tags: ['verify'],
          summary: "Verify a county officer's staff ID card (its QR id and staff number)",
          description:
            "Checks a county officer's staff ID card by its QR id and staff number: serving, suspended or left, or not found. Public, rate-limited.",
          params: staffVerifyParamsSchema,
          response: { 200: staffVerifyResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.verification.verifyStaff(request.params.qid, request.params.sid);
      },
    );

    app.get(
      '/api/permits/validate',
      {
        config: { rateLimit: VERIFY_RATE_LIMIT },
        schema: {
          operationId: 'validatePermit',
          tags: ['verify'],
          summary: 'Check that a permit number is a permit in force',
          description:
            'Anyone checks a permit number (a landlord, an inspector, a buyer): isValid is true only for a permit the county issued — or a licence it renews yearly (dog, fish trading, food hygiene, liquor, gaming, advertising, fire) — that is neither revoked nor expired. Public, rate-limited; the answer names no one.',
          querystring: permitValidateQuerySchema,
          response: { 200: permitValidateResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.verification.validatePermit(request.query.permit_no);
      },
    );

    app.get(
      '/api/verify/identity/mine',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'getMyIdentityCode',
          tags: ['verify'],
          summary: "The signed-in citizen's national ID verification link (for their QR code)",
          description: "The signed-in citizen's own national ID verification link, to show as a QR code.",
          response: { 200: myIdentityQrResponseSchema },
        },
      },
      async (request) => deps.verification.identityQrFor(currentUser(request).id),
    );

    app.get(
      '/api/verify/identity/:qid/:id',
      {
        config: { rateLimit: VERIFY_RATE_LIMIT },
        schema: {
          operationId: 'verifyIdentity',
          tags: ['verify'],
          summary: 'Verify that a national ID is registered on the portal (its QR id and ID number)',
          description:
            'Checks that a national ID is registered on the portal (and whether its phone was verified), by QR id and ID number. The name is masked. Public, rate-limited.',
          params: identityVerifyParamsSchema,
          response: { 200: identityVerifyResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.verification.verifyIdentity(request.params.qid, request.params.id);
      },
    );

    const demo = deps.demo;
    if (demo) {
      app.get(
        '/api/verify/samples',
        {
          schema: {
            operationId: 'listVerificationSamples',
            tags: ['verify'],
            summary:
              'Demo only (KAUNTI_DEMO_DATA): verify links of the demo documents, officers and citizens',
            description:
              'Demo data only (KAUNTI_DEMO_DATA): a valid sample of every document kind, and demo officers and citizens, each with its E-Verify link.',
            response: { 200: verifySamplesResponseSchema },
          },
        },
        async (): Promise<VerifySamplesResponse> => {
          // One sample per demo document: the register's documents, then the issued demo
          // applications' documents with their printable page and PDF.
          const sample = async (
            document: DocumentRow,
            links: { url: string; print_url: string | null; pdf_url: string | null },
          ) => ({
            kind: document.kind,
            title: document.printed?.title ?? document.facts.description ?? document.kind,
            number: document.number,
            status: (await demo.documents.verify(document.token)).status,
            short_code: await demo.documents.shortCodeOf(document),
            url: links.url,
            print_url: links.print_url,
            pdf_url: links.pdf_url,
          });
          const linked = await demo.links.findMany(demo.applicationDocuments.map((d) => d.number));
          const documents: VerifySamplesResponse['documents'] = await Promise.all([
            ...demo.issued.map(({ document, verifyUrl }) =>
              sample(
                document,
                document.kind === 'invoice' || document.kind === 'receipt'
                  ? { url: verifyUrl, ...demo.invoiceLinks(document.id) }
                  : { url: verifyUrl, print_url: null, pdf_url: null },
              ),
            ),
            ...demo.applicationDocuments.map((document) => {
              const link = linked.get(document.number) ?? demo.links.link(document);
              return sample(document, { url: link.url, print_url: link.print_url, pdf_url: link.pdf_url });
            }),
          ]);
          const { officers, citizens } = await demoVerificationRecords(demo.db);
          return {
            documents,
            staff: officers.map((o) => ({
              staff_no: o.staffNo,
              status: o.status === 'active' ? ('valid' as const) : o.status,
              url: staffVerifyUrlFor(deps.publicUrl, o.qid, o.staffNo),
            })),
            identities: citizens.map((c) => ({
              id_number: c.idNumber,
              status: c.verifiedAt ? ('registered_verified' as const) : ('registered_not_verified' as const),
              url: identityVerifyUrlFor(deps.publicUrl, c.qid, c.idNumber),
            })),
          };
        },
      );
    }
  };
}
