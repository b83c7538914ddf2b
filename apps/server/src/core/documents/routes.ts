import { findService } from '@kaunti/catalogue/catalogue';
import {
  documentIdParamsSchema,
  documentQrQuerySchema,
  revokeDocumentBodySchema,
  staffDocumentListSchema,
  staffDocumentQuerySchema,
  staffDocumentSchema,
} from '@kaunti/contract/api-documents';
import { jwksSchema, verifyQuerySchema, verifyResponseSchema } from '@kaunti/contract/api-verify';
import { errorBodySchema } from '@kaunti/contract/errors';
import { readVerifyInput } from '@kaunti/contract/verify-code';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors';
import { qrSvg } from '../../platform/pdf/qr';
import type { KeyRing } from '../../platform/signing/key-ring';
import type { Guards } from '../accounts/guard';
import { currentOfficer, servesArea } from '../staff/officer-service';
import type { DocumentService } from './document-service';

export const OUTSIDE_AREAS_MESSAGE = 'This document was issued for a service outside your service areas.';

/** Verification is public and cheap to ask: 60 checks a minute per address is plenty for a person. */
export const VERIFY_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/**
 * Documents and E-Verify:
 *  - `GET /api/verify?code=` (public, rate-limited): is this code genuine, and what does it say;
 *  - `GET /.well-known/jwks.json` (public): the public keys, for offline verification;
 *  - `GET /api/documents/qr.svg?code=` (public): the QR image of a code the county signed, for the
 *    printable page;
 *  - `GET /api/staff/documents?number=` and `POST /api/staff/documents/{id}/revoke` (staff).
 */
export function documentRoutes(deps: {
  documents: DocumentService;
  keyRing: KeyRing;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/verify',
      {
        config: { rateLimit: VERIFY_RATE_LIMIT },
        schema: {
          operationId: 'verifyDocument',
          tags: ['verify'],
          summary: 'Verify a document from its QR code (the code, or the whole link)',
          description:
            'Answers valid, tampered, revoked, expired or unknown, with the document facts when the signature holds.',
          querystring: verifyQuerySchema,
          response: { 200: verifyResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.documents.verify(request.query.code);
      },
    );

    app.get(
      '/.well-known/jwks.json',
      {
        schema: {
          operationId: 'getSigningKeys',
          tags: ['verify'],
          summary: 'The public keys that sign E-Verify codes (Ed25519, JWKS), active and retired',
          description:
            "The Ed25519 public keys (JWKS) that sign E-Verify codes, the active key and retired ones, so anyone can check a document's code offline.",
          response: { 200: jwksSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return deps.keyRing.jwks();
      },
    );

    app.get(
      '/api/documents/qr.svg',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getQrCode',
          tags: ['documents'],
          summary: 'The QR code (SVG) of a document code the county signed',
          description:
            'The QR code, as an SVG image, of a document code the county signed; it links to E-Verify. A code the county did not sign is a 404.',
          querystring: documentQrQuerySchema,
          produces: ['image/svg+xml'],
          response: {
            200: z.string().describe('The QR code as an SVG image, linking to E-Verify'),
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const input = readVerifyInput(request.query.code);
        // Only codes the county signed: this is not a QR service for anything else.
        const outcome = input.kind === 'document' ? await deps.keyRing.verify(input.code) : undefined;
        if (input.kind !== 'document' || !outcome || outcome.status === 'tampered') {
          throw notFound('This is not a county document code.');
        }
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
        return qrSvg(deps.documents.verifyUrl(input.code));
      },
    );

    app.get(
      '/api/staff/documents',
      {
        onRequest: deps.guards.can('documents.read'),
        // Documents name their holders: each search is audited (core/staff/audited-routes.ts).
        config: {
          audit: {
            entityType: 'documents',
            entityId: (request) => String((request.query as { number?: string }).number ?? ''),
            answered: 'documents.searched',
          },
        },
        schema: {
          operationId: 'searchDocuments',
          tags: ['staff'],
          summary: 'Find issued documents by number (county staff)',
          description:
            'County staff find issued documents by number (and kind), with their status and holder, for instance before revoking one.',
          querystring: staffDocumentQuerySchema,
          response: { 200: staffDocumentListSchema },
        },
      },
      async (request) => {
        const rows = await deps.documents.findByNumber(request.query.number, request.query.kind);
        return { data: rows.map(deps.documents.toStaffView) };
      },
    );

    app.post(
      '/api/staff/documents/:id/revoke',
      {
        onRequest: deps.guards.can('documents.revoke'),
        config: {
          audit: {
            entityType: 'document',
            entityId: (request) => String((request.params as { id?: string }).id),
            refused: 'decision.refused',
            data: () => ({ decision: 'revoked' }),
          },
        },
        schema: {
          operationId: 'revokeDocument',
          tags: ['staff'],
          summary: 'Revoke an issued document (county staff); E-Verify then answers revoked',
          description:
            "County staff revoke an issued document with a reason; E-Verify answers `revoked` from then on. Only an officer of the area of the service it was issued for (an application's, or its bill's) may (403 otherwise; a document of no catalogue service: officers of every area). A document already revoked is a 409.",
          params: documentIdParamsSchema,
          body: revokeDocumentBodySchema,
          response: { 200: staffDocumentSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const officer = currentOfficer(request);
        const row = await deps.documents.revoke(
          request.params.id,
          request.body.reason,
          { type: 'staff', id: officer.userId },
          request.id,
          (serviceId) => {
            // The area of the service it was issued for; one the catalogue does not name (or none
            // known) only an officer of every area revokes.
            const area = serviceId ? findService(serviceId)?.area : undefined;
            if (area ? !servesArea(officer, area) : !officer.areas.includes('*'))
              throw forbidden(OUTSIDE_AREAS_MESSAGE);
          },
        );
        return deps.documents.toStaffView(row);
      },
    );
  };
}
