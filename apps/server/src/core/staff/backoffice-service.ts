import type { Readable } from 'node:stream';
import { findService, services } from '@kaunti/catalogue/catalogue';
import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf, fileFieldsOf } from '@kaunti/catalogue/schema-builder';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import {
  DECISION_PERMISSION,
  type Decision,
  type QueueQuery,
  type QueueResponse,
  type StaffApplication,
  type StaffValue,
} from '@kaunti/contract/api-staff';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import type { StorageDriver } from '../../platform/storage/storage';
import { users } from '../accounts/schema';
import type { ApplicationDocuments } from '../applications/application-documents';
import type { ApplicationService } from '../applications/application-service';
import type { ApplicationComments } from '../applications/comments';
import type { ReferenceChoices } from '../applications/reference-choices';
import { referenceInWords } from '../applications/reference-words';
import { applicationEvents, applications } from '../applications/schema';
import { applicationStatus } from '../applications/status';
import { recordAudit } from '../audit/audit';
import type { BillService } from '../bills/bill-service';
import { bills } from '../bills/schema';
import { payments } from '../payments/schema';
import { uploads } from '../uploads/schema';
import { type LoadedOfficer, servesArea } from './officer-service';

type DecisionStatus = Decision['status'];
const DECISIONS: DecisionStatus[] = ['needs_info', 'approved', 'rejected', 'issued'];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the county's own records say beside an application's answers (a parcel's register entry)
 * and what they forbid: while `problems` is not empty, it cannot be approved or issued.
 */
export interface RegisterCheck {
  facts: { label: string; value: string }[];
  problems: string[];
}
export type RegisterChecker = (
  on: Db,
  application: { userId: string; serviceId: string; values: Record<string, unknown> },
) => Promise<RegisterCheck | null>;

export interface SmsLog {
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * The back office's work on applications of any catalogue service: the queue, one application
 * in full, and decisions through the one status table (core/applications/status.ts) with four
 * eyes; the citizen is told of each decision that concerns them by SMS, once.
 */
export function createBackOffice(deps: {
  db: Db;
  applications: ApplicationService;
  documents: ApplicationDocuments;
  bills: BillService;
  storage: StorageDriver;
  sms: SmsGateway;
  publicUrl: string;
  log: SmsLog;
  /**
   * Answers a reference list's call (the same routes the web app fetches them from), so a code
   * is shown by its name; wired in app.ts to the app itself.
   */
  /** The reference lists' choices: a code is shown by its name. */
  choices: ReferenceChoices;
  comments: ApplicationComments;
}) {
  const { db } = deps;
  const registerCheckers = new Map<string, RegisterChecker>();

  async function registerCheckOf(
    on: Db,
    application: { userId: string; serviceId: string; values: Record<string, unknown> },
  ): Promise<RegisterCheck | null> {
    const checker = registerCheckers.get(application.serviceId);
    return checker ? checker(on, application) : null;
  }

  /** The services in the officer's areas (optionally one area or service). */
  function servicesFor(officer: LoadedOfficer, area?: string, serviceId?: string): string[] {
    return services
      .filter((s) => servesArea(officer, s.area))
      .filter((s) => !area || s.area === area)
      .filter((s) => !serviceId || s.id === serviceId)
      .map((s) => s.id);
  }

  /** The application, if it is in the officer's areas (403 otherwise, 404 when there is none). */
  async function loadFor(officer: LoadedOfficer, applicationNo: string) {
    const [row] = await db
      .select({ application: applications, user: users })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.applicationNo, applicationNo.trim().toUpperCase()))
      .limit(1);
    if (!row) throw notFound('We could not find that application.');
    const service = findService(row.application.serviceId);
    if (!service || !servesArea(officer, service.area))
      throw forbidden('This application is outside your service areas.');
    return { ...row, service };
  }

  /** What this officer may decide now: the status table, their role, and four eyes. */
  function allowedDecisions(
    officer: LoadedOfficer,
    row: { status: ApplicationStatus; userId: string },
    approvedBy: string | null,
  ): DecisionStatus[] {
    if (row.userId === officer.userId) return [];
    return DECISIONS.filter(
      (to) =>
        applicationStatus.can(row.status, to) &&
        officer.permissions.includes(DECISION_PERMISSION[to]) &&
        !(to === 'issued' && approvedBy === officer.userId),
    );
  }

  /** A value in words: a choice by its label, a box Yes/No, a group's entries one after another. */
  function display(field: FieldDefinition, value: unknown): string {
    if (value === undefined || value === null || value === '') return '-';
    if (field.kind === 'checkbox') return value === true ? 'Yes' : 'No';
    if (field.kind === 'group') {
      if (!Array.isArray(value) || value.length === 0) return '-';
      return value
        .map((entry: Record<string, unknown>) =>
          (field.fields ?? []).map((inner) => display(inner, entry?.[inner.name])).join(' · '),
        )
        .join('; ');
    }
    const options = field.options && 'static' in field.options ? field.options.static : undefined;
    const option = options?.find((o) => o.value === value);
    return option ? option.label : String(value);
  }

  /** A status asked for (none: every status, as a search has). */
  function statusFilter(status: ApplicationStatus | undefined): SQL[] {
    return status ? [eq(applications.status, status)] : [];
  }

  /**
   * The queue with no status asked for: what waits for this officer — applications under review
   * and, for an officer who issues, approved ones waiting to be issued that someone else approved
   * (four eyes: they may not issue what they approved).
   */
  function toDo(officer: LoadedOfficer): SQL[] {
    if (!officer.permissions.includes(DECISION_PERMISSION.issued))
      return [eq(applications.status, 'under_review')];
    return [
      sql`(${applications.status} = 'under_review' or (${applications.status} = 'approved' and not exists (
        select 1 from ${applicationEvents} e where e.application_id = ${applications.id}
          and e.to_status = 'approved' and e.actor_id = ${officer.userId})))`,
    ];
  }

  /** An SMS in the account's language (`users.language`). */
  async function notify(userId: string, message: Record<'en' | 'sw', string>): Promise<void> {
    const [user] = await db
      .select({ phone: users.phoneNumber, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return;
    const result = await deps.sms.send(user.phone, message[user.language]);
    if (!result.accepted) deps.log.warn({}, 'decision SMS was not accepted by the gateway');
  }

  return {
    /** An area's check of its services' applications against its records (shown, and enforced on approval). */
    addRegisterCheck(serviceIds: readonly string[], checker: RegisterChecker): void {
      for (const id of serviceIds) registerCheckers.set(id, checker);
    },

    async queue(
      officer: LoadedOfficer,
      query: QueueQuery & { page: number; per_page: number },
    ): Promise<QueueResponse> {
      const serviceIds = servicesFor(officer, query.area, query.service_id);
      const page = query.page;
      const perPage = query.per_page;
      if (serviceIds.length === 0) return { data: [], counts: {}, page, per_page: perPage, total: 0 };
      const scope: SQL[] = [inArray(applications.serviceId, serviceIds)];
      const q = query.q?.trim();
      if (q) {
        // Each way of finding an application is an index lookup of its own (application number,
        // bill number, the applicant's ID number or phone); an OR across the applicant's join
        // would read every application instead (measured: bench/staff-queue.mjs).
        const upper = q.toUpperCase();
        const applicant = isValidPhone(q)
          ? sql`upper(u.identifier) = ${upper} or u.phone_number = ${normalisePhone(q)}`
          : sql`upper(u.identifier) = ${upper}`;
        scope.push(
          sql`${applications.id} in (
            select s.id from applications s where s.application_no = ${upper}
            union all select s.id from applications s where s.bill_no = ${upper}
            union all select s.id from applications s join users u on u.id = s.user_id where ${applicant})`,
        );
      }
      const where = and(...scope, ...(query.status || q ? statusFilter(query.status) : toDo(officer)));
      // Only the page's rows need the applicant's name; the counts read the applications alone.
      const [rows, [total], countRows] = await Promise.all([
        db
          .select({ application: applications, firstName: users.firstName, surName: users.surName })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.userId))
          .where(where)
          .orderBy(asc(applications.createdAt), asc(applications.applicationNo))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(applications).where(where),
        db
          .select({ status: applications.status, n: count() })
          .from(applications)
          .where(and(...scope))
          .groupBy(applications.status),
      ]);
      const now = Date.now();
      return {
        data: rows.map(({ application: a, firstName, surName }) => {
          const service = findService(a.serviceId);
          return {
            application_no: a.applicationNo,
            service_id: a.serviceId,
            service_title: service?.title ?? a.serviceId,
            area: service?.area ?? 'other',
            status: a.status,
            reference: referenceInWords(service, a.reference, a.valueLabels),
            applicant_name: `${firstName} ${surName}`,
            bill_no: a.billNo,
            fee_cents: a.feeCents,
            submitted_at: a.createdAt.toISOString(),
            updated_at: a.updatedAt.toISOString(),
            age_days: Math.max(0, Math.floor((now - a.createdAt.getTime()) / DAY_MS)),
          };
        }),
        counts: Object.fromEntries(countRows.map((r) => [r.status, Number(r.n)])),
        page,
        per_page: perPage,
        total: Number(total?.n ?? 0),
      };
    },

    /** The comments on an application in the officer's areas, oldest first. */
    async comments(officer: LoadedOfficer, applicationNo: string) {
      const { application } = await loadFor(officer, applicationNo);
      return deps.comments.forOfficer(application);
    },

    /** An officer writes to the applicant on an application in their areas. */
    async comment(officer: LoadedOfficer, applicationNo: string, body: string, requestId?: string) {
      const { application } = await loadFor(officer, applicationNo);
      if (application.userId === officer.userId)
        throw forbidden('You cannot write as an officer on your own application.');
      return deps.comments.addByOfficer(application, officer, body, requestId);
    },

    /** One application as an officer sees it: every value under its label, list codes by name. */
    async get(officer: LoadedOfficer, applicationNo: string): Promise<StaffApplication> {
      const { application: a, user, service } = await loadFor(officer, applicationNo);
      const fields = fieldsOf(service);
      const fileIds = fileFieldsOf(service)
        .map((name) => a.values[name])
        .filter((v): v is string => typeof v === 'string');
      const [files, events, paid, document] = await Promise.all([
        fileIds.length
          ? db
              .select()
              .from(uploads)
              .where(and(inArray(uploads.id, fileIds), eq(uploads.userId, a.userId)))
          : Promise.resolve([]),
        db
          .select({ event: applicationEvents, firstName: users.firstName, surName: users.surName })
          .from(applicationEvents)
          .leftJoin(users, sql`${users.id}::text = ${applicationEvents.actorId}`)
          .where(eq(applicationEvents.applicationId, a.id))
          .orderBy(asc(applicationEvents.id)),
        // Payments towards every bill the application raised (its fee, a supplementary bill).
        db
          .select({ payment: payments })
          .from(payments)
          .innerJoin(bills, eq(bills.billNo, payments.billNo))
          .where(eq(bills.applicationId, a.id))
          .orderBy(desc(payments.createdAt))
          .then((rows) => rows.map((r) => r.payment)),
        deps.documents.find(a.applicationNo),
      ]);
      const byId = new Map(files.map((f) => [f.id, f]));
      const labels = await deps.choices.labelsOf(fields, a.values);
      const values: StaffValue[] = fields.map((field, index) => {
        const value = a.values[field.name];
        const file = field.kind === 'file' && typeof value === 'string' ? byId.get(value) : undefined;
        return {
          name: field.name,
          label: field.label,
          kind: field.kind,
          value: value ?? null,
          display: file ? file.originalName : (labels[index] ?? display(field, value)),
          upload: file
            ? {
                id: file.id,
                name: file.originalName,
                content_type: file.contentType,
                url: `/api/staff/applications/${a.applicationNo}/uploads/${file.id}`,
              }
            : null,
        };
      });
      const approvedBy =
        [...events].reverse().find((e) => e.event.toStatus === 'approved')?.event.actorId ?? null;
      return {
        application_no: a.applicationNo,
        service_id: a.serviceId,
        service_title: service.title,
        area: service.area,
        status: a.status,
        reference: referenceInWords(service, a.reference, a.valueLabels),
        applicant: {
          name: [user.firstName, user.middleName, user.surName].filter(Boolean).join(' '),
          customer_no: user.customerNo,
          phone_number: user.phoneNumber,
          identifier: user.identifier,
        },
        values,
        bill: a.billNo ? await deps.bills.getForUser(a.userId, a.billNo) : null,
        payments: paid.map((p) => ({
          payment_id: p.id,
          status: p.status,
          method: p.method,
          amount_cents: p.amountPaidCents ?? p.amountRequestedCents,
          mpesa_receipt_number: p.mpesaReceiptNumber,
          created_at: p.createdAt.toISOString(),
        })),
        money: await deps.applications.money(a),
        history: events.map(({ event: e, firstName, surName }) => ({
          from_status: (e.fromStatus as ApplicationStatus | null) ?? null,
          to_status: e.toStatus as ApplicationStatus,
          at: e.at.toISOString(),
          actor: e.actorType,
          note: e.note,
          actor_name: firstName ? `${firstName} ${surName}` : null,
        })),
        document,
        register: await registerCheckOf(db, a),
        allowed: allowedDecisions(officer, a, approvedBy),
        submitted_at: a.createdAt.toISOString(),
      };
    },

    /** One decision, with its reason; the citizen is told by SMS of a request or refusal here. */
    async decide(officer: LoadedOfficer, applicationNo: string, decision: Decision, requestId?: string) {
      if (!officer.permissions.includes(DECISION_PERMISSION[decision.status]))
        throw forbidden('Your role does not allow this decision.');
      const { application } = await loadFor(officer, applicationNo);
      const row = await deps.applications.decide(
        application.applicationNo,
        decision.status,
        {
          type: 'staff',
          id: officer.userId,
        },
        {
          note: decision.reason || null,
          requestId,
          check: async (locked, approvedBy, tx) => {
            if (locked.userId === officer.userId) throw forbidden('You cannot decide your own application.');
            if (decision.status === 'issued' && approvedBy === officer.userId)
              throw forbidden('You approved this application: another officer must issue it (four eyes).');
            // What the county's records forbid: never approved or issued while it holds.
            if (decision.status === 'approved' || decision.status === 'issued') {
              const register = await registerCheckOf(tx, locked);
              if (register && register.problems.length > 0)
                throw conflict(register.problems.join(' '), 'register_forbids');
            }
          },
        },
      );
      const no = row.applicationNo;
      if (decision.status === 'needs_info')
        await notify(row.userId, {
          en: `County e-services: application ${no} needs more information: ${decision.reason} Answer at ${deps.publicUrl}/account/service-applications`,
          sw: `Huduma za kaunti: ombi ${no} linahitaji maelezo zaidi: ${decision.reason} Jibu kwa ${deps.publicUrl}/account/service-applications`,
        });
      else if (decision.status === 'rejected')
        await notify(row.userId, {
          en: `County e-services: application ${no} was not approved. Reason: ${decision.reason}`,
          sw: `Huduma za kaunti: ombi ${no} halikuidhinishwa. Sababu: ${decision.reason}`,
        });
      // Approved and issued are told by the status move itself (applications/status-sms.ts).
      return this.get(officer, no);
    },

    /** An upload of an application in the officer's areas, to view inline. */
    async upload(
      officer: LoadedOfficer,
      applicationNo: string,
      uploadId: string,
    ): Promise<{ contentType: string; size: number; name: string; body: Readable }> {
      const { application: a, service } = await loadFor(officer, applicationNo);
      const named = fileFieldsOf(service).some((name) => a.values[name] === uploadId);
      if (!named) throw notFound('We could not find that file.');
      const [file] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), eq(uploads.userId, a.userId)))
        .limit(1);
      if (!file) throw notFound('We could not find that file.');
      await recordAudit(db, {
        actor: { type: 'staff', id: officer.userId },
        entityType: 'upload',
        entityId: file.id,
        action: 'upload.viewed',
        data: { application_no: a.applicationNo },
      });
      return {
        contentType: file.contentType,
        size: file.size,
        name: file.originalName,
        body: await deps.storage.get(file.storageKey),
      };
    },
  };
}
export type BackOffice = ReturnType<typeof createBackOffice>;
