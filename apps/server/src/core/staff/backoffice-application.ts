import type { Readable } from 'node:stream';
import type { FieldDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf, fileFieldsOf } from '@kaunti/catalogue/schema-builder';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import type { StaffApplication, StaffValue } from '@kaunti/contract/api-staff';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { referenceInWords } from '../applications/reference-words';
import { applicationEvents } from '../applications/schema';
import { recordAudit } from '../audit/audit';
import { bills } from '../bills/schema';
import { payments } from '../payments/schema';
import { uploads } from '../uploads/schema';
import type { BackOfficeAccess } from './backoffice-access';
import type { BackOfficeDeps } from './backoffice-types';
import type { LoadedOfficer } from './officer-service';

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

/** One application as an officer sees it in full, and its uploads to view. */
export function createBackOfficeApplication(deps: BackOfficeDeps, access: BackOfficeAccess) {
  const { db } = deps;
  const { loadFor, registerCheckOf, allowedDecisions } = access;
  return {
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
export type BackOfficeApplication = ReturnType<typeof createBackOfficeApplication>;
