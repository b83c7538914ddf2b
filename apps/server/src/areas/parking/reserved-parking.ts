import type { ReservedParkingApplication } from '@kaunti/contract/api-parking';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { applicationComments, applications } from '../../core/applications/schema';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';

/** The user's reserved parking applications as the spec's `reservedparkingapplication` lists them. */
export function createReservedParking(deps: { db: Db }) {
  const { db } = deps;
  return {
    async mine(userId: string): Promise<ReservedParkingApplication[]> {
      const rows = await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, userId), eq(applications.serviceId, 'reserved-parking')))
        .orderBy(desc(applications.createdAt))
        .limit(100);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const numbers = rows.map((r) => r.applicationNo);
      const [counts, issued] = await Promise.all([
        db
          .select({ applicationId: applicationComments.applicationId, n: count() })
          .from(applicationComments)
          .where(inArray(applicationComments.applicationId, ids))
          .groupBy(applicationComments.applicationId),
        db
          .select({ number: documents.number, subject: documents.subject })
          .from(documents)
          .where(inArray(documents.subject, numbers)),
      ]);
      return rows.map((row) => {
        const v = row.values as Record<string, unknown>;
        const plates = Array.isArray(v.vehicles)
          ? (v.vehicles as Record<string, unknown>[]).map((e) => String(e.plate))
          : [];
        return {
          application_no: row.applicationNo,
          status: row.status,
          organisation_name: String(v.organisation_name ?? ''),
          place: String(v.place ?? ''),
          bays: Number(v.bays ?? 0),
          period: String(v.period_text ?? ''),
          plates,
          fee_cents: row.feeCents,
          bill_no: row.billNo,
          submitted_at: row.createdAt.toISOString(),
          comments: Number(counts.find((c) => c.applicationId === row.id)?.n ?? 0),
          document_no: issued.find((d) => d.subject === row.applicationNo)?.number ?? null,
        };
      });
    },
  };
}
export type ReservedParking = ReturnType<typeof createReservedParking>;
