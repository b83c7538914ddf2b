import { findService, services } from '@kaunti/catalogue/catalogue';
import { catalogueIndexOf } from '@kaunti/catalogue/catalogue-index';
import { submitPathOf } from '@kaunti/catalogue/definition';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type {
  Application,
  ApplicationDetail,
  ApplicationStatus,
  ApplicationSubmitted,
} from '@kaunti/contract/api-applications';
import { type Bill, DEFAULT_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { after, type Page, pageOf, positionAt, positionOf } from '../../platform/db/pages';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { AuthenticatedUser } from '../accounts/guard';
import { type Actor, recordAudit } from '../audit/audit';
import { type BillService, isOpenObligationClash } from '../bills/bill-service';
import { bills as billRows } from '../bills/schema';
import type { DraftService } from '../drafts/draft-service';
import type { UploadService } from '../uploads/upload-service';
import type { ApplicationDocumentLink, ApplicationDocuments } from './application-documents';
import { createApplicationTransitions, nextApplicationNo } from './application-transitions';
import { createBookings } from './bookings';
import { priceService } from './fees';
import { findOwnedApplication } from './owned';
import type { ReferenceChoices } from './reference-choices';
import { namingFieldOf, referenceInWords } from './reference-words';
import { applicationEvents, applications } from './schema';
import { CANCELLABLE_BY_APPLICANT } from './status';
import { createSubmissionChecks, invalid } from './submission-checks';

export type { AreaValidator } from './submission-checks';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * An application's money: the price of its answers as they stand, what was paid towards it (every
 * bill it raised, cancelled ones aside), the balance still due and what was paid beyond the price.
 */
export interface ApplicationMoney {
  price_cents: number;
  paid_cents: number;
  balance_due_cents: number;
  refund_due_cents: number;
}

/** What was paid towards an application's bills (a supplementary bill's included). */
export async function paidTowards(on: Db, applicationId: string): Promise<number> {
  const [row] = await on
    .select({ paid: sql<string>`coalesce(sum(${billRows.paidCents}), 0)` })
    .from(billRows)
    .where(and(eq(billRows.applicationId, applicationId), ne(billRows.status, 'cancelled')));
  return Number(row?.paid ?? 0);
}

/** The money of an application row, with what was paid towards it. */
export function moneyOf(
  row: Pick<ApplicationRow, 'feeCents' | 'refundDueCents'>,
  paid: number,
): ApplicationMoney {
  return {
    price_cents: row.feeCents,
    paid_cents: paid,
    balance_due_cents: Math.max(0, row.feeCents - paid),
    refund_due_cents: row.refundDueCents,
  };
}

/** Why an application with a balance due is neither approved nor issued. */
export function balanceDueMessage(balanceCents: number): string {
  return `${formatKes(balanceCents)} is still due on this application: it is approved or issued only once it is paid.`;
}

export interface SubmitInput {
  user: Pick<AuthenticatedUser, 'id'>;
  serviceId: string;
  payload: unknown;
  draftId?: string | undefined;
  requestId?: string;
  /**
   * What the bill is for when the area's check names nothing (decision 007: one open bill per
   * obligation): a renewal's `renewal:<document id>` (core/renewals).
   */
  obligation?: string;
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
  const checks = createSubmissionChecks(deps);
  const { checkValues } = checks;
  const transitions = createApplicationTransitions(deps);
  const { lockApplication, transition, onIssued, onIssuing, onStatusChanged } = transitions;
  // What a booking holds follows its application's status (decision 031).
  const bookings = createBookings({ bills, transitions });
  onStatusChanged(bookings.onStatusChanged);

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

  return {
    /** Adds an area's own checks (run after the catalogue's validation, before anything is saved). */
    addValidator: checks.addValidator,
    /** Adds an area's own step when one of its applications is issued (same transaction). */
    onIssued,
    onIssuing,
    /** Told of every status move, in its transaction (the citizen's SMS: status-sms.ts). */
    onStatusChanged,

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
        throw new AppError(
          400,
          'service_not_applicable',
          'This service is not applied for through applications.',
        );

      const { values, labels, labelsSw, obligation } = await checkValues(
        service,
        input.user.id,
        input.payload,
      );
      bookings.check(service, values);
      const userId = input.user.id;

      const lines = await priceService(db, service, values);
      const fee = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      // What names the application (the parcel, the business, the plate): the definition's
      // reference_field, else its parcel field.
      const namingField = namingFieldOf(service);
      const named = namingField ? values[namingField] : undefined;
      const reference = typeof named === 'string' && named !== '' ? named : null;
      const actor: Actor = { type: 'user', id: userId };
      const requestId = input.requestId;

      try {
        return await db.transaction(async (tx) => {
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
              valueLabelsSw: labelsSw,
              feeCents: fee,
            })
            .returning();
          const created = row!;
          // What it books is held now: unpaid, for the service's hold_minutes (decision 031).
          const holdMinutes = service.booking?.hold_minutes ?? 0;
          await bookings.claim(
            tx,
            service,
            values,
            created.id,
            fee > 0 ? new Date(Date.now() + holdMinutes * 60_000) : null,
          );
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
              descriptionSw: `${service.texts?.sw?.title || service.title}: ombi ${applicationNo}`,
              lines,
              applicationId: created.id,
              applicationNo,
              serviceId: service.id,
              sourceKey: obligation ?? input.obligation ?? null,
              // Services that ask where (a sub-county field) are reported by it.
              subCountyCode: typeof values.sub_county_code === 'string' ? values.sub_county_code : null,
              actor,
              ...(requestId ? { requestId } : {}),
            });
            await tx
              .update(applications)
              .set({ billNo: bill.bill_no })
              .where(eq(applications.id, created.id));
            status = 'awaiting_payment';
          } else {
            status = workflow.without_fee;
          }
          // Listeners see the row as it now is: with its bill (an area records what the bill carries).
          await transition(
            tx,
            { ...created, billNo: bill?.bill_no ?? null },
            'submitted',
            status,
            { type: 'system' },
            { requestId },
          );
          if (input.draftId) await deps.drafts.remove(userId, input.draftId, tx);
          return {
            success: true as const,
            message: service.submit.success_message,
            application: { ...toApi(created), status, bill_no: bill?.bill_no ?? null },
            bill,
          };
        });
      } catch (error) {
        // Two submissions for the same obligation at once: the second meets the first's open bill.
        if (isOpenObligationClash(error))
          throw conflict(
            'An application for this is already waiting for payment. Pay its bill, or cancel it, before applying again.',
            'obligation_has_open_bill',
          );
        throw error;
      }
    },

    /** The user's applications, newest first. */
    async list(
      userId: string,
      filter: {
        status?: ApplicationStatus | undefined;
        serviceId?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      } = {},
    ): Promise<Page<Application>> {
      const where: (SQL | undefined)[] = [eq(applications.userId, userId)];
      if (filter.status) where.push(eq(applications.status, filter.status));
      if (filter.serviceId) where.push(eq(applications.serviceId, filter.serviceId));
      where.push(
        after(
          applications.createdAt,
          applications.applicationNo,
          positionOf(filter.cursor, /^[A-Z0-9-]{1,40}$/),
        ),
      );
      const limit = filter.limit ?? DEFAULT_PAGE_LIMIT;
      const found = await db
        .select({ row: applications, at: positionAt(applications.createdAt) })
        .from(applications)
        .where(and(...where))
        .orderBy(desc(applications.createdAt), desc(applications.applicationNo))
        .limit(limit + 1);
      const issued = await deps.documents.findMany(
        found
          .slice(0, limit)
          .filter((r) => r.row.status === 'issued')
          .map((r) => r.row.applicationNo),
      );
      return pageOf(
        found,
        limit,
        (r) => ({ at: r.at, key: r.row.applicationNo }),
        (r) => toApi(r.row, issued.get(r.row.applicationNo) ?? null),
      );
    },

    /** One of the user's applications with its history and bill; anyone else's is a 404. */
    async get(userId: string, applicationNo: string): Promise<ApplicationDetail> {
      return detail(await findOwned(userId, applicationNo));
    },

    /** An application's price, what was paid towards it, the balance and any refund due. */
    async money(row: ApplicationRow, on: Db = db): Promise<ApplicationMoney> {
      return moneyOf(row, await paidTowards(on, row.id));
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
        note: string | null;
        requestId?: string | undefined;
        check: (row: ApplicationRow, approvedBy: string | null, tx: Db) => void | Promise<void>;
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
        await options.check(row, approval?.actorId ?? null, tx);
        // Never approved or issued while its answers are priced above what was paid (issue 36 item 1).
        if (to === 'approved' || to === 'issued') {
          const due = row.feeCents - (await paidTowards(tx, row.id));
          if (due > 0) throw conflict(balanceDueMessage(due), 'balance_due');
        }
        await transition(tx, row, row.status, to, actor, {
          note: options.note,
          requestId: options.requestId,
        });
        // A workflow whose approval is the permit: issued in the same transaction, by the system.
        const service = findService(row.serviceId);
        if (to === 'approved' && service && findWorkflow(service.workflow)?.issue_on_approval) {
          await transition(
            tx,
            { ...row, status: 'approved' },
            'approved',
            'issued',
            { type: 'system', id: 'issue-on-approval' },
            {
              note: 'Issued on approval',
              requestId: options.requestId,
            },
          );
          return { ...row, status: 'issued' as const };
        }
        return { ...row, status: to };
      });
    },

    /**
     * The applicant answers a request for more information: the fields asked about change (the
     * rest is kept), the whole application is checked again and priced as a submission is, and
     * it goes back to review with the applicant's message in its history — or, when the answers
     * cost more than was paid, waits for a supplementary bill of the difference (then review);
     * paid beyond the new price is recorded as `refund_due_cents`.
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
      const { values, labels, labelsSw } = await checkValues(service, userId, {
        ...row.values,
        ...input.values,
      });
      bookings.check(service, values);
      // The answers are priced by the same rule and tariff as a submission (issue 36 item 1).
      const price = (await priceService(db, service, values)).reduce((sum, l) => sum + l.amount_cents, 0);
      const changed = Object.keys(input.values);
      const actor: Actor = { type: 'user', id: userId };
      await db.transaction(async (tx) => {
        const locked = await lockApplication(tx, eq(applications.id, row.id));
        if (locked?.status !== 'needs_info')
          throw conflict(
            'This application is not waiting for more information from you.',
            'illegal_transition',
          );
        // A booking answered anew holds its new days or slot, or the answer is refused (409).
        await bookings.reclaim(tx, service, values, row.id);
        const paid = await paidTowards(tx, row.id);
        const due = price - paid;
        await tx
          .update(applications)
          .set({
            values,
            valueLabels: labels,
            valueLabelsSw: labelsSw,
            feeCents: price,
            refundDueCents: Math.max(0, -due),
          })
          .where(eq(applications.id, row.id));
        await recordAudit(tx, {
          actor,
          entityType: 'application',
          entityId: row.applicationNo,
          action: 'answered',
          data: { changed, fee_cents: price, paid_cents: paid },
          ...(requestId ? { requestId } : {}),
        });
        const note = input.message?.trim() || 'The applicant answered.';
        if (due <= 0) {
          await transition(tx, locked, 'needs_info', 'under_review', actor, {
            note:
              due < 0 ? `${note} ${formatKes(-due)} paid beyond the new price is due for a refund.` : note,
            requestId,
          });
          return;
        }
        // More is due: a supplementary bill for the difference, and it waits until that is paid.
        const bill = await bills.raise(tx, {
          userId,
          description: `${service.title}: application ${row.applicationNo}, the balance after your answer`,
          descriptionSw: `${service.texts?.sw?.title || service.title}: ombi ${row.applicationNo}, salio baada ya jibu lako`,
          lines: [
            {
              description: `Balance after the answer: ${formatKes(price)} less ${formatKes(paid)} paid`,
              description_sw: `Salio baada ya jibu: ${formatKes(price)} ukiondoa ${formatKes(paid)} zilizolipwa`,
              amount_cents: due,
              parcel: null,
            },
          ],
          applicationId: row.id,
          applicationNo: row.applicationNo,
          serviceId: service.id,
          sourceKey: null,
          subCountyCode: typeof values.sub_county_code === 'string' ? values.sub_county_code : null,
          actor,
          ...(requestId ? { requestId } : {}),
        });
        await tx.update(applications).set({ billNo: bill.bill_no }).where(eq(applications.id, row.id));
        await transition(tx, locked, 'needs_info', 'awaiting_payment', actor, {
          note: `${note} ${formatKes(due)} more is due: bill ${bill.bill_no}.`,
          requestId,
        });
      });
      return detail(await findOwned(userId, applicationNo));
    },

    /**
     * The `booking holds` job (decision 031): applications whose unpaid booking is past its time
     * are cancelled with their bills, so what they booked is free. Answers how many.
     */
    expireUnpaidBookings(now?: Date): Promise<number> {
      return bookings.expireUnpaid(db, now);
    },

    /**
     * What a service's booked resource has free from `from` to `to` (decision 031): each day and,
     * for a slot booking, each slot. A service that books nothing: 404.
     */
    bookingAvailability(
      serviceId: string,
      query: { resource: string; from: string; to?: string | undefined },
    ) {
      const service = findService(serviceId);
      if (!service?.booking) throw notFound('This service books nothing.');
      return bookings.availability(db, service, query.resource, query.from, query.to ?? query.from);
    },

    /** The catalogue's services as the API lists them: the catalogue's index, with where to submit. */
    catalogue(language: 'en' | 'sw' = 'en') {
      return catalogueIndexOf(services).services.map(({ page: _page, ...entry }) => {
        const service = findService(entry.id)!;
        const texts = language === 'sw' ? service.texts?.sw : undefined;
        return {
          ...entry,
          title: texts?.title || entry.title,
          description: texts?.description || entry.description,
          submit_path: submitPathOf(service),
        };
      });
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
