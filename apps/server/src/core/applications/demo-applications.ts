import { services } from '@kaunti/catalogue/catalogue';
import { documentTemplateOf, registeredTemplates } from '@kaunti/catalogue/registries/documents';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { exampleValuesOf, fieldsOf } from '@kaunti/catalogue/schema-builder';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/schema';
import type { DocumentRow } from '../documents/schema';
import type { ApplicationDocuments } from './application-documents';
import { applicationEvents, applications } from './schema';

/** The demo citizen who holds the demo applications (core/accounts/seed.ts: Wanjiku Kamau). */
export const DEMO_HOLDER_PHONE = '254712345678';

type ApplicationRow = typeof applications.$inferSelect;

/** The demo citizen, when demo data was seeded. */
export async function demoHolderOf(db: Db): Promise<{ id: string } | undefined> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, DEMO_HOLDER_PHONE));
  return holder;
}

/**
 * A demo application, already issued, with the history line that says it is demo data: what an
 * area's demo documents are issued from (here, and the business area's permits of every age).
 */
export async function insertDemoApplication(
  tx: Db,
  input: {
    applicationNo: string;
    userId: string;
    serviceId: string;
    reference: string | null;
    values: Record<string, unknown>;
    valueLabels?: Record<string, string>;
    feeCents?: number;
    at: Date;
    note: string;
  },
): Promise<ApplicationRow> {
  const [row] = await tx
    .insert(applications)
    .values({
      applicationNo: input.applicationNo,
      userId: input.userId,
      serviceId: input.serviceId,
      status: 'issued',
      reference: input.reference,
      values: input.values,
      ...(input.valueLabels ? { valueLabels: input.valueLabels } : {}),
      ...(input.feeCents !== undefined ? { feeCents: input.feeCents } : {}),
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  await tx.insert(applicationEvents).values({
    applicationId: row!.id,
    fromStatus: null,
    toStatus: 'issued',
    actorType: 'system',
    actorId: 'demo-seed',
    note: input.note,
  });
  return row!;
}
/** Demo application numbers: year 2025, from 900001 (never reached by real numbering). */
const DEMO_YEAR = 2025;
const DEMO_FIRST = 900_001;

/**
 * Demo data (KAUNTI_DEMO_DATA): one issued application, with its document, for every service of
 * the catalogue that issues one, and each other template's example — so that E-Verify, the
 * printable page and the PDF of every document template can be tried at once
 * (`GET /api/verify/samples`). Issued when the server starts,
 * because documents are signed with the server's own keys; idempotent (the same numbers every
 * time, a document issued once). Each is recorded as demo data in its history.
 */
export async function issueDemoApplicationDocuments(deps: {
  db: Db;
  documents: ApplicationDocuments;
  /** Services whose area issues its own demo documents (the business area: permits of every age). */
  skip?: ReadonlySet<string>;
}): Promise<DocumentRow[]> {
  const { db } = deps;
  const holder = await demoHolderOf(db);
  if (!holder) return [];
  const issuing = services.filter(
    (s) =>
      documentTemplateOf(s)?.register &&
      findWorkflow(s.workflow)?.creates_application &&
      !deps.skip?.has(s.id),
  );
  const issued: DocumentRow[] = [];
  for (const [index, service] of issuing.entries()) {
    const applicationNo = `${service.application_prefix}-${DEMO_YEAR}-${DEMO_FIRST + index}`;
    const document = await db.transaction(async (tx) => {
      let [row] = await tx.select().from(applications).where(eq(applications.applicationNo, applicationNo));
      if (!row) {
        // The example answers of the definition, without uploads (a demo has no files).
        const files = new Set(
          fieldsOf(service)
            .filter((f) => f.kind === 'file')
            .map((f) => f.name),
        );
        // What the area works out on submit (derived values: a zone's name, a place in words) is
        // taken from the template's own example, so the demo document prints every fact.
        const example = documentTemplateOf(service)?.example?.values ?? {};
        const derived = Object.fromEntries(
          (service.derived ?? []).filter((d) => d.name in example).map((d) => [d.name, example[d.name]]),
        );
        const values = {
          ...Object.fromEntries(Object.entries(exampleValuesOf(service)).filter(([k]) => !files.has(k))),
          ...derived,
        };
        const parcel = fieldsOf(service).find((f) => f.kind === 'parcel');
        row = await insertDemoApplication(tx, {
          applicationNo,
          userId: holder.id,
          serviceId: service.id,
          reference:
            parcel && typeof values[parcel.name] === 'string' ? (values[parcel.name] as string) : null,
          values,
          at: new Date(`${DEMO_YEAR}-06-02T07:00:00Z`),
          note: 'Demo data: an issued application, to try the printable document and E-Verify.',
        });
      }
      return deps.documents.issue(tx, row!, { type: 'system', id: 'demo-seed' });
    });
    if (document) issued.push(document);
  }
  // Every other template of the catalogue (licences, letters...): its own example, until a service
  // that keeps applications produces it (an area's demo issues those: the business permits), or
  // while only an area's own route issues it (the parking ticket: no demo ticket is paid).
  const produced = new Set(
    services
      .filter((s) => findWorkflow(s.workflow)?.creates_application)
      .map((s) => documentTemplateOf(s)?.name),
  );
  for (const template of registeredTemplates()) {
    if (produced.has(template.name) || !template.example) continue;
    const document = await deps.documents.issueExample(template, new Date());
    if (document) issued.push(document);
  }
  return issued;
}
