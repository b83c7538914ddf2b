import { findService, services } from '@kaunti/catalogue/catalogue';
import { validityDaysOf } from '@kaunti/catalogue/definition';
import {
  type ComposeContext,
  composeDocument,
  type DocumentLanguage,
} from '@kaunti/catalogue/document-compose';
import { composePrinted, printedIn, templateIn } from '@kaunti/catalogue/document-texts';
import { type DocumentTemplate, exampleFeeOf } from '@kaunti/catalogue/registries/document-template';
import { documentTemplateOf, findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import { PUBLIC_PAGE_KINDS } from '@kaunti/catalogue/registries/public-pages';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import { localiseService } from '@kaunti/catalogue/service-texts';
import type { IssuedDocumentLink } from '@kaunti/contract/api-applications';
import type { County } from '@kaunti/contract/api-county';
import type { ComposedDocument, PrintableDocument } from '@kaunti/contract/api-documents';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { type DocumentPdfModel, renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import { billLines, bills } from '../bills/schema';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import { printKeyMatches, printKeyOf } from '../documents/print-keys';
import { type DocumentRow, documents } from '../documents/schema';
import { standingOf } from '../documents/standing';
import { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/** What an application's answer says of its issued document. */
export type ApplicationDocumentLink = IssuedDocumentLink;

const DAY_MS = 24 * 60 * 60 * 1000;
/** How the reference of a service with a parcel field is printed among a document's facts. */
const PARCEL_LABEL: Record<DocumentLanguage, string> = {
  en: 'Parcel (LR number)',
  sw: 'Kiwanja (nambari ya LR)',
};
/** Who signs it, in each language. */
const SIGNATORY: Record<DocumentLanguage, (county: string) => string> = {
  en: (county) => `For the ${county}`,
  sw: (county) => `Kwa niaba ya ${county}`,
};

/** The end of a validity of `days` from `issuedAt` (none: it does not expire). */
const expiryOf = (issuedAt: Date, days: number | undefined): Date | null =>
  days ? new Date(issuedAt.getTime() + days * DAY_MS) : null;

/**
 * The documents the catalogue's templates print (certificates, letters, permits, licences,
 * tickets). An application's document is issued in the same transaction that makes the
 * application `issued` — by an officer, or on payment for an instant service — numbered with the
 * application number and filled in from its template (`composeDocument`); what it prints is kept
 * with it and never changes (a revocation ends it). Demo data issues each template's example
 * too. ONE model (`PrintableDocument`) feeds the printable page and the PDF.
 */
export function createApplicationDocuments(deps: {
  db: Db;
  documents: DocumentService;
  county: CountyService;
  publicUrl: string;
  /** The server's secret (JWT_SECRET): each document's print key is derived from it. */
  secret: string;
}) {
  const { db } = deps;

  /** The template an issued document was printed from: its stored name, else its service's. */
  const templateOf = (row: DocumentRow, serviceId: string | undefined): DocumentTemplate | undefined => {
    const service = serviceId ? findService(serviceId) : undefined;
    if (service) return documentTemplateOf(service);
    if (!row.printed) return undefined;
    // A registered template, else a service's own (a ticket has no application to name its service).
    const name = row.printed.template;
    return findDocumentTemplate(name) ?? services.find((s) => s.document?.name === name)?.document;
  };

  /**
   * Its public links: the printable page (the template's route under /downloads/) and the PDF,
   * each naming the document and its print key (not in the QR code: print-keys.ts).
   */
  const link = (row: DocumentRow, serviceId: string | undefined): ApplicationDocumentLink => {
    const key = printKeyOf(deps.secret, row.id);
    const route = templateOf(row, serviceId)?.download_route;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      pdf_url: `${deps.publicUrl}/api/documents/${row.id}/pdf?key=${key}`,
      print_url: route ? `${deps.publicUrl}${route}?id=${encodeURIComponent(row.id)}&key=${key}` : null,
      url: deps.documents.verifyUrl(row.token),
      // An event's public page (a service's `public_page`): its address, by the document id.
      ...publicPageUrl(serviceId, row.id),
    };
  };

  const publicPageUrl = (serviceId: string | undefined, id: string): { event_url?: string } => {
    const page = serviceId ? findService(serviceId)?.public_page : undefined;
    if (!page) return {};
    const route = PUBLIC_PAGE_KINDS[page.kind].route.replace('{id}', encodeURIComponent(id));
    return { [`${page.kind}_url`]: `${deps.publicUrl}${route}` };
  };

  /**
   * A field's value in words: a reference list's choice as it was chosen ("Westlands (274)",
   * kept with the application when it was submitted), or a static choice's label. No query: a
   * document is issued inside its application's transaction.
   */
  function describerFor(
    serviceId: string,
    labels: Record<string, string>,
    language: DocumentLanguage = 'en',
  ): ComposeContext['describe'] {
    const found = findService(serviceId);
    // A static choice by its label in the document's language.
    const service =
      found && language === 'sw' ? localiseService(found, { own: found.texts?.sw }, 'sw') : found;
    // A group's own fields too (a table of the document prints a group's entries by their key),
    // the step's field first where the names are the same.
    const top = service ? fieldsOf(service) : [];
    const fields = new Map([...top.flatMap((f) => f.fields ?? []), ...top].map((f) => [f.name, f] as const));
    return (name, value) => {
      if (Object.hasOwn(labels, name)) return labels[name];
      const source = fields.get(name)?.options;
      if (source && 'static' in source) return source.static.find((o) => o.value === value)?.label;
      return undefined;
    };
  }

  /** The charges of the application's bill (code, description, amount in cents) and their total. */
  async function billOf(tx: Db, applicationNo: string) {
    const lines = await tx
      .select({
        position: billLines.position,
        description: billLines.description,
        descriptionSw: billLines.descriptionSw,
        amount: billLines.amountCents,
        parcel: billLines.parcel,
        code: billLines.code,
      })
      .from(billLines)
      .innerJoin(bills, eq(bills.id, billLines.billId))
      .where(and(eq(bills.applicationNo, applicationNo), ne(bills.status, 'cancelled')))
      .orderBy(asc(billLines.position));
    const lineIn = (l: (typeof lines)[number], language: DocumentLanguage) => ({
      code: l.code ?? l.parcel ?? String(l.position + 1),
      description: (language === 'sw' && l.descriptionSw) || l.description,
      amount: l.amount,
    });
    return {
      lines: lines.map((l) => lineIn(l, 'en')),
      /** The same charges in Kiswahili, where a line has its words (issue 36 item 23). */
      linesSw: lines.map((l) => lineIn(l, 'sw')),
      total: lines.length > 0 ? lines.reduce((sum, l) => sum + l.amount, 0) : undefined,
    };
  }

  /**
   * A document issued before documents kept what they print: filled in now from its service's
   * template and the register's facts (the wording of the time is not known).
   */
  async function composedLegacy(
    row: DocumentRow,
    language: DocumentLanguage,
  ): Promise<ComposedDocument | undefined> {
    const applicationNo = row.facts.application_no;
    if (!applicationNo) return undefined;
    const [application] = await db
      .select({ serviceId: applications.serviceId, reference: applications.reference })
      .from(applications)
      .where(eq(applications.applicationNo, applicationNo))
      .limit(1);
    const service = application ? findService(application.serviceId) : undefined;
    const template = service ? documentTemplateOf(service) : undefined;
    if (!template) return undefined;
    return composeDocument(templateIn(template, language, service), {
      language,
      holder: row.holderName,
      number: row.number,
      county: (await deps.county.get()).name,
      application_no: applicationNo,
      reference: application?.reference ?? undefined,
      reference_label: row.facts.parcel ? PARCEL_LABEL[language] : undefined,
      service: (language === 'sw' && service?.texts?.sw?.title) || service?.title,
      issued_at: row.issuedAt,
      expires_at: row.expiresAt,
      values: {},
    });
  }

  /**
   * An issued document as its printable page and its PDF show it (public: the id cannot be
   * guessed); `state` says whether it still stands.
   */
  async function view(
    id: string,
    key: string | undefined,
    /** Its language: a document issued with its Kiswahili prints in it; one issued before, in English. */
    language: DocumentLanguage = 'en',
  ): Promise<{ document: DocumentRow; view: PrintableDocument; county: County }> {
    // Without its print key a document is as unknown as a wrong id (the id is in the QR code).
    if (!printKeyMatches(deps.secret, id, key))
      throw notFound('We could not find that document. Check the link, or the code on E-Verify.');
    const [found] = await db
      .select({ row: documents, serviceId: applications.serviceId })
      .from(documents)
      .leftJoin(applications, eq(applications.applicationNo, documents.subject))
      .where(eq(documents.id, id))
      .limit(1);
    const row = found?.row;
    const composed =
      row && row.kind !== 'invoice' && row.kind !== 'receipt'
        ? row.printed
          ? printedIn(row.printed, language)
          : await composedLegacy(row, language)
        : undefined;
    if (!row || !composed)
      throw notFound('We could not find that document. Check the link, or the code on E-Verify.');
    const county = await deps.county.get();
    const links = link(row, found.serviceId ?? undefined);
    return {
      document: row,
      county,
      view: {
        ...composed,
        id: row.id,
        number: row.number,
        holder: row.holderName,
        issued_on: row.issuedAt.toISOString(),
        valid_until: row.expiresAt?.toISOString() ?? null,
        state: standingOf(row),
        revoked_on: row.revokedAt?.toISOString() ?? null,
        revocation_reason: row.status === 'revoked' ? row.revocationReason : null,
        verify_url: links.url,
        verify_code: row.token,
        short_code: await deps.documents.shortCodeOf(row),
        signatory: SIGNATORY[language](county.name),
        pdf_url: links.pdf_url,
        print_url: links.print_url,
      },
    };
  }

  return {
    /** Issues the application's document inside `tx` (nothing for a service that issues none). */
    async issue(
      tx: Db,
      row: ApplicationRow,
      actor: Actor,
      requestId?: string,
      /** When it was issued: now, but for demo data that shows permits of every age. */
      issuedAt: Date = new Date(),
    ): Promise<DocumentRow | null> {
      const service = findService(row.serviceId);
      const template = service ? documentTemplateOf(service) : undefined;
      if (!service || !template?.register) return null;
      const [holder] = await tx
        .select({
          firstName: users.firstName,
          middleName: users.middleName,
          surName: users.surName,
          identifier: users.identifier,
        })
        .from(users)
        .where(eq(users.id, row.userId))
        .limit(1);
      const values = (row.values ?? {}) as Record<string, unknown>;
      // Issued to what the definition names (a permit's business, a person on the form), else the
      // applicant; a personal document's ID number from the same source as the name, never apart.
      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
      const named = service.holder_field ? text(values[service.holder_field]) : undefined;
      const holderName =
        named ??
        ([holder?.firstName, holder?.middleName, holder?.surName].filter(Boolean).join(' ') || 'Applicant');
      const holderId = service.holder_field
        ? service.holder_id_field
          ? text(values[service.holder_id_field])
          : undefined
        : holder?.identifier;
      const parcel = fieldsOf(service).some((f) => f.kind === 'parcel');
      // The service's own validity (fixed, or by the period chosen), else the template's.
      const validityDays = validityDaysOf(service, values) ?? template.validity_days;
      const expiresAt = expiryOf(issuedAt, validityDays);
      const bill = await billOf(tx, row.applicationNo);
      const describe = describerFor(service.id, row.valueLabels ?? {});
      const printed = composePrinted(
        template,
        {
          holder: holderName,
          holder_id: holderId,
          number: row.applicationNo,
          county: (await deps.county.get(tx)).name,
          application_no: row.applicationNo,
          reference: row.reference ?? undefined,
          reference_label: parcel ? PARCEL_LABEL.en : undefined,
          service: service.title,
          fee_cents: bill.total ?? (row.feeCents || undefined),
          issued_at: issuedAt,
          expires_at: expiresAt,
          // The bill's charges; demo data without a bill brings its own.
          values: { ...values, bill_lines: bill.lines.length > 0 ? bill.lines : (values.bill_lines ?? []) },
          describe,
        },
        {
          service: service.texts?.sw?.title || service.title,
          reference_label: parcel ? PARCEL_LABEL.sw : undefined,
          // A list's choice in its Kiswahili words where it has them, else as it was chosen.
          describe: describerFor(service.id, { ...row.valueLabels, ...row.valueLabelsSw }, 'sw'),
          ...(bill.lines.length > 0 ? { values: { ...values, bill_lines: bill.linesSw } } : {}),
        },
        service,
      );
      const issued = await deps.documents.issue(
        {
          kind: template.register,
          number: row.applicationNo,
          holderName,
          ownerUserId: row.userId,
          subject: row.applicationNo,
          facts: {
            application_no: row.applicationNo,
            description: template.title,
            ...(parcel && row.reference ? { parcel: row.reference } : {}),
          },
          printed,
          issuedAt,
          expiresAt,
          actor,
          ...(requestId ? { requestId } : {}),
        },
        tx,
      );
      return issued.document;
    },

    /**
     * Demo data: a template's own example, issued as it would be once a service produces it
     * (valid from `issuedAt` for the template's validity). Idempotent by its number.
     */
    async issueExample(template: DocumentTemplate, issuedAt: Date): Promise<DocumentRow | null> {
      const example = template.example;
      if (!example || !template.register) return null;
      const expiresAt = expiryOf(issuedAt, template.validity_days);
      const fee = exampleFeeOf(template);
      const printed = composePrinted(template, {
        holder: example.holder,
        holder_id: example.holder_id,
        number: example.number,
        county: (await deps.county.get()).name,
        application_no:
          typeof example.values.application_no === 'string' ? example.values.application_no : undefined,
        reference: example.reference,
        fee_cents: fee,
        issued_at: issuedAt,
        expires_at: expiresAt,
        values: example.values,
      });
      const issued = await deps.documents.issue({
        kind: template.register,
        number: example.number,
        holderName: example.holder,
        subject: example.number,
        facts: { description: template.title },
        printed,
        ...(fee === undefined ? {} : { amountCents: fee }),
        issuedAt,
        expiresAt,
        actor: { type: 'system', id: 'demo-seed' },
      });
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

    /** A document's links (printable page, PDF, E-Verify), whoever it was issued for. */
    link: (row: DocumentRow) => link(row, undefined),

    view,

    /** The PDF of an issued document: the printable page's model, drawn. */
    async pdf(
      id: string,
      key: string | undefined,
      language: DocumentLanguage = 'en',
    ): Promise<{ document: DocumentRow; bytes: Buffer }> {
      const { document, view: shown, county } = await view(id, key, language);
      const model: DocumentPdfModel = {
        title: shown.title,
        number: shown.number,
        facts: shown.facts.map((f) => [f.label, f.value]),
        tables: shown.tables,
        body: shown.body,
        conditions: shown.conditions,
        conditionsTitle: shown.conditions_title,
        conditionsPage: shown.conditions_page,
        state: shown.state,
        verifyUrl: shown.verify_url,
        shortCode: shown.short_code,
        verifyPage: `${deps.publicUrl}/e-verify`,
        signatory: shown.signatory,
        language,
      };
      return { document, bytes: await renderDocumentPdf(model, county) };
    },
  };
}
export type ApplicationDocuments = ReturnType<typeof createApplicationDocuments>;
