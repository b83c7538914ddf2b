import { findService } from '@kaunti/catalogue/catalogue';
import { validityDaysOf } from '@kaunti/catalogue/definition';
import { documentKindOf } from '@kaunti/catalogue/registries/documents';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type { IssuedDocumentLink } from '@kaunti/contract/api-applications';
import type { County } from '@kaunti/contract/api-county';
import type { PrintableDocument } from '@kaunti/contract/api-documents';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { type DocumentPdfModel, renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import { type DocumentRow, documents } from '../documents/schema';
import { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/** What an application's answer says of its issued document. */
export type ApplicationDocumentLink = IssuedDocumentLink;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The document an application's service produces (catalogue `produces`), issued in the same
 * transaction that makes the application `issued` — by an officer, or on payment for an
 * instant service. Numbered with the application number; its wording comes from the
 * catalogue's document kind; it never changes afterwards (a revocation ends it).
 */
export function createApplicationDocuments(deps: {
  db: Db;
  documents: DocumentService;
  county: CountyService;
  publicUrl: string;
}) {
  const { db } = deps;

  /** Its printable page: the kind's route under /downloads/ (catalogue), naming the document's id. */
  const printUrl = (row: DocumentRow, serviceId: string | undefined): string | null => {
    const service = serviceId ? findService(serviceId) : undefined;
    const route = service ? documentKindOf(service)?.download_route : undefined;
    return route ? `${deps.publicUrl}${route}?id=${encodeURIComponent(row.id)}` : null;
  };

  const link = (row: DocumentRow, serviceId: string | undefined): ApplicationDocumentLink => ({
    id: row.id,
    number: row.number,
    status: row.status,
    pdf_url: `${deps.publicUrl}/api/documents/${row.id}/pdf`,
    print_url: printUrl(row, serviceId),
    url: deps.documents.verifyUrl(row.token),
  });

  /**
   * An issued application document as its printable page and its PDF show it (public: the id
   * cannot be guessed). Its wording comes from the catalogue's document kind, filled in with the
   * facts the register keeps; `state` says whether it still stands.
   */
  async function view(
    id: string,
  ): Promise<{ document: DocumentRow; view: PrintableDocument; county: County }> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    const applicationNo = row?.facts.application_no;
    if (!row || !applicationNo || row.kind === 'invoice' || row.kind === 'receipt')
      throw notFound('We could not find that document. Check the link, or the code on E-Verify.');
    const [application] = await db
      .select({ serviceId: applications.serviceId, reference: applications.reference })
      .from(applications)
      .where(eq(applications.applicationNo, applicationNo))
      .limit(1);
    const service = application ? findService(application.serviceId) : undefined;
    const kind = service ? documentKindOf(service) : undefined;
    const county = await deps.county.get();
    const fill = (text: string) =>
      text
        .replaceAll('{holder}', row.holderName)
        .replaceAll('{reference}', application?.reference ?? '')
        .replaceAll('{service}', service?.title ?? '')
        .replaceAll('{application_no}', applicationNo)
        .replaceAll('{county}', county.name);
    const facts = [{ label: 'Application number', value: applicationNo }];
    if (row.facts.parcel) facts.push({ label: 'Parcel (LR number)', value: row.facts.parcel });
    if (service) facts.push({ label: 'Service', value: service.title });
    const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
    const links = link(row, application?.serviceId);
    return {
      document: row,
      county,
      view: {
        id: row.id,
        kind: service?.produces ?? row.kind,
        title: kind?.title ?? row.facts.description ?? 'County document',
        number: row.number,
        holder: row.holderName,
        facts,
        body: (kind?.body ?? []).map(fill),
        conditions: (kind?.conditions ?? []).map(fill),
        issued_on: row.issuedAt.toISOString(),
        valid_until: row.expiresAt?.toISOString() ?? null,
        state: row.status === 'revoked' ? 'revoked' : expired ? 'expired' : 'valid',
        revoked_on: row.revokedAt?.toISOString() ?? null,
        revocation_reason: row.status === 'revoked' ? row.revocationReason : null,
        verify_url: links.url,
        verify_code: row.token,
        short_code: await deps.documents.shortCodeOf(row),
        signatory: `For the ${county.name}`,
        pdf_url: links.pdf_url,
        print_url: links.print_url,
      },
    };
  }

  return {
    /** Issues the application's document inside `tx` (nothing for a service that issues none). */
    async issue(tx: Db, row: ApplicationRow, actor: Actor, requestId?: string): Promise<DocumentRow | null> {
      const service = findService(row.serviceId);
      const kind = service ? documentKindOf(service) : undefined;
      if (!service || !kind?.register) return null;
      const [holder] = await tx
        .select({ firstName: users.firstName, middleName: users.middleName, surName: users.surName })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      const holderName = [holder?.firstName, holder?.middleName, holder?.surName].filter(Boolean).join(' ');
      const parcel = fieldsOf(service).some((f) => f.kind === 'parcel');
      const issuedAt = new Date();
      // The service's own validity (fixed, or by the period chosen), else the document kind's.
      const validityDays =
        validityDaysOf(service, (row.values ?? {}) as Record<string, unknown>) ?? kind.validity_days;
      const issued = await deps.documents.issue(
        {
          kind: kind.register,
          number: row.applicationNo,
          holderName: holderName || 'Applicant',
          ownerUserId: row.userId,
          subject: row.applicationNo,
          facts: {
            application_no: row.applicationNo,
            description: kind.title,
            ...(parcel && row.reference ? { parcel: row.reference } : {}),
          },
          issuedAt,
          expiresAt: validityDays ? new Date(issuedAt.getTime() + validityDays * DAY_MS) : null,
          actor,
          ...(requestId ? { requestId } : {}),
        },
        tx,
      );
      return issued.document;
    },

    /** The document issued for an application, if any. */
    async find(applicationNo: string, tx: Db = db): Promise<ApplicationDocumentLink | null> {
      const [found] = await tx
        .select({ row: documents, serviceId: applications.serviceId })
        .from(documents)
        .innerJoin(applications, eq(applications.applicationNo, documents.subject))
        .where(and(eq(documents.subject, applicationNo), eq(documents.number, applicationNo)))
        .limit(1);
      return found ? link(found.row, found.serviceId) : null;
    },

    /** The documents of several applications, by application number (one query). */
    async findMany(applicationNos: string[]): Promise<Map<string, ApplicationDocumentLink>> {
      if (applicationNos.length === 0) return new Map();
      const rows = await db
        .select({ row: documents, serviceId: applications.serviceId })
        .from(documents)
        .innerJoin(applications, eq(applications.applicationNo, documents.subject))
        .where(inArray(documents.subject, applicationNos));
      return new Map(
        rows
          .filter(({ row }) => row.number === row.subject)
          .map(({ row, serviceId }) => [row.number, link(row, serviceId)]),
      );
    },

    view,

    /** The PDF of an issued application document: the printable page's model, drawn. */
    async pdf(id: string): Promise<{ document: DocumentRow; bytes: Buffer }> {
      const { document, view: shown, county } = await view(id);
      const model: DocumentPdfModel = {
        title: shown.title,
        number: shown.number,
        holder: shown.holder,
        facts: shown.facts.map((f) => [f.label, f.value]),
        body: shown.body,
        conditions: shown.conditions,
        issuedOn: formatDocumentDate(document.issuedAt),
        validUntil: document.expiresAt ? formatDocumentDate(document.expiresAt) : null,
        verifyUrl: shown.verify_url,
        shortCode: shown.short_code,
        verifyPage: `${deps.publicUrl}/e-verify`,
        signatory: shown.signatory,
      };
      return { document, bytes: await renderDocumentPdf(model, county) };
    },
  };
}
export type ApplicationDocuments = ReturnType<typeof createApplicationDocuments>;
