import { findService } from '@kaunti/catalogue/catalogue';
import type { Application, ApplicationDetail, ApplicationStatus } from '@kaunti/contract/api-applications';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { BillService } from '../bills/bill-service';
import type { ApplicationDocumentLink, ApplicationDocuments } from './application-documents';
import { findOwnedApplication } from './owned';
import { referenceInWords } from './reference-words';
import { applicationEvents, type applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * How an application is shown: as the API lists it (`toApi`), and in full with its history and
 * bill (`detail`); `findOwned` reads one of the user's own (anyone else's is a 404).
 */
export function createApplicationViews(deps: {
  db: Db;
  bills: BillService;
  documents: ApplicationDocuments;
}) {
  const { db, bills } = deps;

  function toApi(row: ApplicationRow, document: ApplicationDocumentLink | null = null): Application {
    const service = findService(row.serviceId);
    const produces = service?.produces;
    return {
      application_no: row.applicationNo,
      service_id: row.serviceId,
      service_title: service?.title ?? row.serviceId,
      route: service?.route ?? '/',
      status: row.status,
      reference: referenceInWords(service, row.reference, row.valueLabels),
      values: row.values,
      fee_cents: row.feeCents,
      bill_no: row.billNo,
      produces: produces && produces !== 'none' ? produces : null,
      document,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  const findOwned = (userId: string, applicationNo: string) =>
    findOwnedApplication(db, userId, applicationNo);

  async function detail(row: ApplicationRow): Promise<ApplicationDetail> {
    const events = await db
      .select()
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, row.id))
      .orderBy(asc(applicationEvents.id));
    const bill = row.billNo ? await bills.getForUser(row.userId, row.billNo) : null;
    return {
      ...toApi(row, await deps.documents.find(row.applicationNo)),
      history: events.map((e) => ({
        from_status: (e.fromStatus as ApplicationStatus | null) ?? null,
        to_status: e.toStatus as ApplicationStatus,
        at: e.at.toISOString(),
        actor: e.actorType,
        note: e.note,
      })),
      bill,
    };
  }

  return { toApi, detail, findOwned };
}

export type ApplicationViews = ReturnType<typeof createApplicationViews>;
