import { findService } from '@kaunti/catalogue/catalogue';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import { DECISION_PERMISSION, type QueueQuery, type QueueResponse } from '@kaunti/contract/api-staff';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/schema';
import { referenceInWords } from '../applications/reference-words';
import { applicationEvents, applications } from '../applications/schema';
import type { BackOfficeAccess } from './backoffice-access';
import type { LoadedOfficer } from './officer-service';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** The queue: what waits for an officer in their areas, or what a search finds, a page at a time. */
export function createBackOfficeQueue(db: Db, access: Pick<BackOfficeAccess, 'servicesFor'>) {
  const { servicesFor } = access;
  return {
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
  };
}
