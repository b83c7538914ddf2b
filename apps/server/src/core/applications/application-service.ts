import { findService, services } from '@kaunti/catalogue/catalogue';
import { catalogueIndexOf } from '@kaunti/catalogue/catalogue-index';
import { type ServiceDefinition, submitPathOf } from '@kaunti/catalogue/definition';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { fieldsOf, fileFieldsOf, validateApplication } from '@kaunti/catalogue/schema-builder';
import type {
  Application,
  ApplicationDetail,
  ApplicationStatus,
  ApplicationSubmitted,
} from '@kaunti/contract/api-applications';
import type { Bill } from '@kaunti/contract/api-bills';
import type { FieldError } from '@kaunti/contract/errors';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AuthenticatedUser } from '../accounts/guard';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillService } from '../bills/bill-service';
import { kenyaToday } from '../bills/kenya-date';
import type { DraftService } from '../drafts/draft-service';
import type { UploadService } from '../uploads/upload-service';
import type { ApplicationDocumentLink, ApplicationDocuments } from './application-documents';
import { priceService } from './fees';
import type { ReferenceChoices } from './reference-choices';
import { applicationCounters, applicationEvents, applications } from './schema';
import { applicationStatus, CANCELLABLE_BY_APPLICANT } from './status';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * Checks an area adds to the catalogue's validation, e.g. the land area checks that the parcel
 * and the codes exist. Answers field errors (empty = fine). Registered by area name from app.ts.
 */
export type AreaValidator = (input: {
  userId: string;
  service: ServiceDefinition;
  values: Record<string, unknown>;
}) => Promise<FieldError[]>;

export interface SubmitInput {
  user: Pick<AuthenticatedUser, 'id'>;
  serviceId: string;
  payload: unknown;
  draftId?: string | undefined;
  requestId?: string;
}

const UPLOAD_NOT_FOUND = 'This upload was not found. Please upload the file again.';

/** The first problem as the sentence, all of them as details (the web shows each by its field). */
function invalid(errors: FieldError[]): never {
  throw badRequest(errors[0]?.message ?? 'Please check the form.', errors);
}

function actorOf(actor: Actor): 'user' | 'staff' | 'system' | 'mpesa' {
  return actor.type === 'anonymous' ? 'system' : actor.type;
}

/**
 * The application engine shared by every catalogue service: validate by the definition, check
 * uploads and area rules, number it, bill its fee, and move it through the one status table,
 * writing each change to the history and the audit log in the same transaction.
 */
export function createApplicationService(deps: {
  db: Db;
  bills: BillService;
  uploads: UploadService;
  drafts: DraftService;
  /** Issues the document of an application made `issued` (in the same transaction). */
  documents: ApplicationDocuments;
  /** The reference lists' choices: a list field's value must be one the form offered. */
  choices: ReferenceChoices;
}) {
  const { db, bills } = deps;
  const validators = new Map<string, AreaValidator[]>();

  function toApi(row: ApplicationRow, document: ApplicationDocumentLink | null = null): Application {
    const service = findService(row.serviceId);
    const produces = service?.produces;
    return {
      application_no: row.applicationNo,
      service_id: row.serviceId,
      service_title: service?.title ?? row.serviceId,
      route: service?.route ?? '/',
      status: row.status,
      reference: row.reference,
      values: row.values,
      fee_cents: row.feeCents,
      bill_no: row.billNo,
      produces: produces && produces !== 'none' ? produces : null,
      document,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function nextApplicationNo(tx: Db, prefix: string): Promise<string> {
    const { year } = kenyaToday();
    const [row] = await tx
      .insert(applicationCounters)
      .values({ prefix, year, last: 1 })
      .onConflictDoUpdate({
        target: [applicationCounters.prefix, applicationCounters.year],
        set: { last: sql`${applicationCounters.last} + 1` },
      })
      .returning({ last: applicationCounters.last });
    return `${prefix}-${year}-${String(row!.last).padStart(6, '0')}`;
  }

  /**
   * Moves an application from one status to another, if the table allows it and nobody moved
   * it meanwhile (`UPDATE ... WHERE status = from`): history row and audit row in the same
   * transaction. Throws 409 illegal_transition or 409 conflict.
   */
  async function transition(
    tx: Db,
    row: ApplicationRow,
    from: ApplicationStatus,
    to: ApplicationStatus,
    actor: Actor,
    options: { note?: string | null; requestId?: string | undefined } = {},
  ): Promise<void> {
    applicationStatus.assert(from, to);
    const updated = await tx
      .update(applications)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(applications.id, row.id), eq(applications.status, from)))
      .returning({ id: applications.id });
    if (updated.length === 0) {
      throw conflict('This application was changed meanwhile. Please reload it and try again.');
    }
    await tx.insert(applicationEvents).values({
      applicationId: row.id,
      fromStatus: from,
      toStatus: to,
      actorType: actorOf(actor),
      actorId: actor.id ?? null,
      note: options.note ?? null,
    });
    await recordAudit(tx, {
      actor,
      entityType: 'application',
      entityId: row.applicationNo,
      action: 'status_changed',
      fromState: from,
      toState: to,
      ...(options.note ? { data: { note: options.note } } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
    // Issued: the document is issued with it, or neither is.
    if (to === 'issued') await deps.documents.issue(tx, row, actor, options.requestId);
  }

  /**
   * A payload checked as a submission is: by the definition, then its uploads (each must be the
   * applicant's own), then the area's own rules. Answers the validated values or throws a 400.
   */
  async function checkValues(
    service: ServiceDefinition,
    userId: string,
    payload: unknown,
  ): Promise<{ values: Record<string, unknown>; labels: Record<string, string> }> {
    const result = validateApplication(service, payload);
    if (!result.success) invalid(result.errors);
    const values = result.values;
    const fileFields = fileFieldsOf(service).filter((f) => typeof values[f] === 'string');
    const owned = new Set(
      (
        await deps.uploads.findOwned(
          userId,
          fileFields.map((f) => values[f] as string),
        )
      ).map((u) => u.id),
    );
    const uploadErrors = fileFields
      .filter((f) => !owned.has(values[f] as string))
      .map((f) => ({ path: f, message: UPLOAD_NOT_FOUND }));
    if (uploadErrors.length > 0) invalid(uploadErrors);
    const choiceErrors = await deps.choices.check(service, values);
    if (choiceErrors.length > 0) invalid(choiceErrors);
    const areaErrors = (
      await Promise.all((validators.get(service.area) ?? []).map((v) => v({ userId, service, values })))
    ).flat();
    if (areaErrors.length > 0) invalid(areaErrors);
    // Each list choice in words as it was chosen ("Westlands (274)"): what its document prints.
    const fields = fieldsOf(service);
    const named = await deps.choices.labelsOf(fields, values);
    const labels = Object.fromEntries(
      fields.flatMap((f, i) => (named[i] === undefined ? [] : [[f.name, named[i]] as const])),
    );
    return { values, labels };
  }

  /** One application, locked until the transaction ends (status moves take turns). */
  async function lockApplication(tx: Db, where: SQL): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select().from(applications).where(where).for('update').limit(1);
    return row;
  }

  async function findOwned(userId: string, applicationNo: string): Promise<ApplicationRow> {
    const [row] = await db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.applicationNo, applicationNo.trim().toUpperCase()),
          eq(applications.userId, userId),
        ),
      )
      .limit(1);
    if (!row) throw notFound('We could not find that application.');
    return row;
  }

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

  return {
    /** Adds an area's own checks (run after the catalogue's validation, before anything is saved). */
    addValidator(area: string, validator: AreaValidator): void {
      validators.set(area, [...(validators.get(area) ?? []), validator]);
    },

    /**
     * Validates and submits an application. Answers 400 with the first problem as the message
     * and every problem in `details`. With a fee, a bill is raised in the same transaction and
     * the application waits for payment; without, it goes where its workflow says.
     */
    async submit(input: SubmitInput): Promise<ApplicationSubmitted> {
      const service = findService(input.serviceId);
      if (!service) throw notFound('This service is not available.');
      const workflow = findWorkflow(service.workflow);
      if (!workflow?.creates_application)
        throw badRequest('This service is not applied for through applications.');

      const { values, labels } = await checkValues(service, input.user.id, input.payload);
      const userId = input.user.id;

      const lines = await priceService(db, service, values);
      const fee = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      // What names the application (the parcel, the business, the plate): the definition's
      // reference_field, else its parcel field.
      const namingField = service.reference_field ?? fieldsOf(service).find((f) => f.kind === 'parcel')?.name;
      const named = namingField ? values[namingField] : undefined;
      const reference = typeof named === 'string' && named !== '' ? named : null;
      const actor: Actor = { type: 'user', id: userId };
      const requestId = input.requestId;

      return db.transaction(async (tx) => {
        const applicationNo = await nextApplicationNo(tx, service.application_prefix);
        const [row] = await tx
          .insert(applications)
          .values({
            applicationNo,
            userId,
            serviceId: service.id,
            status: 'submitted',
            reference,
            values,
            valueLabels: labels,
            feeCents: fee,
          })
          .returning();
        const created = row!;
        await tx.insert(applicationEvents).values({
          applicationId: created.id,
          fromStatus: null,
          toStatus: 'submitted',
          actorType: 'user',
          actorId: userId,
        });
        await recordAudit(tx, {
          actor,
          entityType: 'application',
          entityId: applicationNo,
          action: 'submitted',
          toState: 'submitted',
          data: { service_id: service.id, fee_cents: fee },
          ...(requestId ? { requestId } : {}),
        });

        let bill: Bill | null = null;
        let status: ApplicationStatus;
        if (fee > 0) {
          bill = await bills.raise(tx, {
            userId,
            description: `${service.title}: application ${applicationNo}`,
            lines,
            applicationId: created.id,
            applicationNo,
            serviceId: service.id,
            // Services that ask where (a sub-county field) are reported by it.
            subCountyCode: typeof values.sub_county_code === 'string' ? values.sub_county_code : null,
            actor,
            ...(requestId ? { requestId } : {}),
          });
          await tx.update(applications).set({ billNo: bill.bill_no }).where(eq(applications.id, created.id));
          status = 'awaiting_payment';
        } else {
          status = workflow.without_fee;
        }
        await transition(tx, created, 'submitted', status, { type: 'system' }, { requestId });
        if (input.draftId) await deps.drafts.remove(userId, input.draftId, tx);
        return {
          success: true as const,
          message: service.submit.success_message,
          application: { ...toApi(created), status, bill_no: bill?.bill_no ?? null },
          bill,
        };
      });
    },

    /** The user's applications, newest first. */
    async list(
      userId: string,
      filter: { status?: ApplicationStatus | undefined; serviceId?: string | undefined } = {},
    ): Promise<Application[]> {
      const where: SQL[] = [eq(applications.userId, userId)];
      if (filter.status) where.push(eq(applications.status, filter.status));
      if (filter.serviceId) where.push(eq(applications.serviceId, filter.serviceId));
      const rows = await db
        .select()
        .from(applications)
        .where(and(...where))
        .orderBy(desc(applications.createdAt), desc(applications.applicationNo))
        .limit(500);
      const issued = await deps.documents.findMany(
        rows.filter((r) => r.status === 'issued').map((r) => r.applicationNo),
      );
      return rows.map((row) => toApi(row, issued.get(row.applicationNo) ?? null));
    },

    /** One of the user's applications with its history and bill; anyone else's is a 404. */
    async get(userId: string, applicationNo: string): Promise<ApplicationDetail> {
      return detail(await findOwned(userId, applicationNo));
    },

    /** The applicant cancels (before review, or while asked for more information). */
    async cancel(userId: string, applicationNo: string, reason: string | undefined, requestId?: string) {
      const row = await findOwned(userId, applicationNo);
      if (!CANCELLABLE_BY_APPLICANT.includes(row.status)) {
        throw conflict(
          row.status === 'cancelled'
            ? 'This application is already cancelled.'
            : 'This application can no longer be cancelled. Please contact the county.',
          'illegal_transition',
        );
      }
      const actor: Actor = { type: 'user', id: userId };
      await db.transaction(async (tx) => {
        if (row.billNo) await bills.cancel(tx, row.billNo, actor, 'application cancelled', requestId);
        await transition(tx, row, row.status, 'cancelled', actor, { note: reason ?? null, requestId });
      });
      return detail(await findOwned(userId, applicationNo));
    },

    /**
     * For the payments module, in the transaction that recorded the payment: the bill is paid,
     * so its application (if any, and if waiting for payment) moves on as its workflow says
     * (under_review, or issued for an instant service). Answers the new status, or null when
     * the bill has no application waiting.
     */
    async onBillPaid(tx: Db, billNo: string, requestId?: string): Promise<ApplicationStatus | null> {
      const row = await lockApplication(tx, eq(applications.billNo, billNo));
      if (row?.status !== 'awaiting_payment') return null;
      const to = findWorkflow(findService(row.serviceId)?.workflow ?? '')?.after_payment ?? 'under_review';
      await transition(
        tx,
        row,
        'awaiting_payment',
        to,
        { type: 'system' },
        { note: `Bill ${billNo} paid`, requestId },
      );
      return to;
    },

    /**
     * For a revenue officer cancelling a bill, in the same transaction: an application waiting
     * for that bill's payment is cancelled with it (the reason in its history).
     */
    async onBillCancelled(tx: Db, billNo: string, actor: Actor, reason: string, requestId?: string) {
      const row = await lockApplication(tx, eq(applications.billNo, billNo));
      if (row?.status !== 'awaiting_payment') return null;
      await transition(tx, row, 'awaiting_payment', 'cancelled', actor, {
        note: `Bill ${billNo} cancelled: ${reason}`,
        requestId,
      });
      return row.applicationNo;
    },

    /**
     * A status change by county staff or the system (review decisions, issuing). The back-office
     * issue builds its routes on this; the move must be in the status table.
     */
    async changeStatus(
      applicationNo: string,
      to: ApplicationStatus,
      actor: Actor,
      options: { note?: string; requestId?: string } = {},
    ): Promise<Application> {
      return db.transaction(async (tx) => {
        const row = await lockApplication(tx, eq(applications.applicationNo, applicationNo));
        if (!row) throw notFound('We could not find that application.');
        await transition(tx, row, row.status, to, actor, options);
        return { ...toApi(row), status: to };
      });
    },

    /**
     * A back-office decision: the row is locked, `check` sees it and who approved it (if anyone)
     * and refuses by throwing (four eyes, areas, own application), then the move goes through
     * the status table — issuing issues the document in the same transaction.
     */
    async decide(
      applicationNo: string,
      to: ApplicationStatus,
      actor: Actor,
      options: {
        note: string;
        requestId?: string | undefined;
        check: (row: ApplicationRow, approvedBy: string | null) => void;
      },
    ): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        const row = await lockApplication(tx, eq(applications.applicationNo, applicationNo));
        if (!row) throw notFound('We could not find that application.');
        const [approval] = await tx
          .select({ actorId: applicationEvents.actorId })
          .from(applicationEvents)
          .where(and(eq(applicationEvents.applicationId, row.id), eq(applicationEvents.toStatus, 'approved')))
          .orderBy(desc(applicationEvents.id))
          .limit(1);
        options.check(row, approval?.actorId ?? null);
        await transition(tx, row, row.status, to, actor, {
          note: options.note,
          requestId: options.requestId,
        });
        return { ...row, status: to };
      });
    },

    /**
     * The applicant answers a request for more information: the fields asked about change (the
     * rest is kept), the whole application is checked again as a submission is, and it goes back
     * to review with the applicant's message in its history.
     */
    async answer(
      userId: string,
      applicationNo: string,
      input: { values: Record<string, unknown>; message?: string | undefined },
      requestId?: string,
    ): Promise<ApplicationDetail> {
      const row = await findOwned(userId, applicationNo);
      if (row.status !== 'needs_info')
        throw conflict(
          'This application is not waiting for more information from you.',
          'illegal_transition',
        );
      const service = findService(row.serviceId);
      if (!service) throw notFound('This service is not available.');
      const names = new Set(fieldsOf(service).map((f) => f.name));
      const unknown = Object.keys(input.values).filter((name) => !names.has(name));
      if (unknown.length > 0)
        invalid(unknown.map((name) => ({ path: name, message: 'This is not a field of this application.' })));
      const { values, labels } = await checkValues(service, userId, { ...row.values, ...input.values });
      const changed = Object.keys(input.values);
      const actor: Actor = { type: 'user', id: userId };
      await db.transaction(async (tx) => {
        const locked = await lockApplication(tx, eq(applications.id, row.id));
        if (locked?.status !== 'needs_info')
          throw conflict(
            'This application is not waiting for more information from you.',
            'illegal_transition',
          );
        await tx.update(applications).set({ values, valueLabels: labels }).where(eq(applications.id, row.id));
        await recordAudit(tx, {
          actor,
          entityType: 'application',
          entityId: row.applicationNo,
          action: 'answered',
          data: { changed },
          ...(requestId ? { requestId } : {}),
        });
        await transition(tx, locked, 'needs_info', 'under_review', actor, {
          note: input.message?.trim() || 'The applicant answered.',
          requestId,
        });
      });
      return detail(await findOwned(userId, applicationNo));
    },

    /** The catalogue's services as the API lists them: the catalogue's index, with where to submit. */
    catalogue() {
      return catalogueIndexOf(services).services.map(({ page: _page, ...entry }) => ({
        ...entry,
        submit_path: submitPathOf(findService(entry.id)!),
      }));
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
