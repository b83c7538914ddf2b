import { findService } from '@kaunti/catalogue/catalogue';
import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { bills } from '../bills/schema';
import { subCounties } from '../county/schema';
import { payments } from '../payments/schema';

export interface CollectionRow {
  day: string;
  area: string;
  sub_county_code: string | null;
  sub_county: string;
  payments: number;
  amount_cents: number;
}

export interface CollectionsReport {
  from: string;
  to: string;
  rows: CollectionRow[];
  total_payments: number;
  total_cents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Kenya is UTC+3 all year: a Kenyan date starts at 21:00 UTC the day before. */
const kenyaMidnight = (day: string) => new Date(`${day}T00:00:00+03:00`);

/**
 * The collections report: money credited to bills (M-Pesa, and unmatched money an officer
 * matched) by day (Kenya), service area and sub-county. Its totals are the payments' sums, to
 * the cent: the report is read from the payments themselves. A year of payments may take longer
 * than a request's query limit: `db` is the database's report connection (`Database.reports`:
 * DATABASE_REPORT_TIMEOUT_MS, a pool of its own on PostgreSQL).
 */
export function createRevenueReports(deps: { db: Db }) {
  return {
    async collections(from: string, to: string): Promise<CollectionsReport> {
      if (to < from)
        throw new AppError(400, 'date_range_reversed', 'The end date must not be before the start date.');
      const start = kenyaMidnight(from);
      const end = new Date(kenyaMidnight(to).getTime() + DAY_MS);
      if (end.getTime() - start.getTime() > 366 * DAY_MS)
        throw new AppError(400, 'date_range_too_long', 'Please choose at most one year.');
      const day = sql<string>`to_char((${payments.appliedAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`;
      const grouped = await deps.db
        .select({
          day,
          serviceId: bills.serviceId,
          subCountyCode: bills.subCountyCode,
          subCounty: subCounties.name,
          count: sql<number>`count(*)`,
          cents: sql<string>`sum(coalesce(${payments.amountPaidCents}, ${payments.amountRequestedCents}))`,
        })
        .from(payments)
        .innerJoin(bills, eq(bills.id, payments.billId))
        .leftJoin(subCounties, eq(subCounties.code, bills.subCountyCode))
        .where(
          and(
            eq(payments.status, 'paid'),
            isNotNull(payments.appliedAt),
            gte(payments.appliedAt, start),
            lt(payments.appliedAt, end),
          ),
        )
        .groupBy(day, bills.serviceId, bills.subCountyCode, subCounties.name);
      // Services of one area are added together.
      const rows = new Map<string, CollectionRow>();
      for (const g of grouped) {
        const area = (g.serviceId ? findService(g.serviceId)?.area : undefined) ?? 'other';
        const key = `${g.day}|${area}|${g.subCountyCode ?? ''}`;
        const row = rows.get(key) ?? {
          day: g.day,
          area,
          sub_county_code: g.subCountyCode,
          sub_county: g.subCounty ?? 'Not recorded',
          payments: 0,
          amount_cents: 0,
        };
        row.payments += Number(g.count);
        row.amount_cents += Number(g.cents);
        rows.set(key, row);
      }
      const sorted = [...rows.values()].sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.area.localeCompare(b.area) ||
          a.sub_county.localeCompare(b.sub_county),
      );
      return {
        from,
        to,
        rows: sorted,
        total_payments: sorted.reduce((n, r) => n + r.payments, 0),
        total_cents: sorted.reduce((n, r) => n + r.amount_cents, 0),
      };
    },
  };
}
export type RevenueReports = ReturnType<typeof createRevenueReports>;

/** A spreadsheet cell: quoted, and never read as a formula (CSV injection). */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The report as CSV, amounts in shillings with two decimals, and the totals last. */
export function collectionsCsv(report: CollectionsReport): string {
  const shillings = (cents: number) => (cents / 100).toFixed(2);
  const lines = [
    ['Date', 'Service area', 'Sub-county', 'Payments', 'Amount (KES)'].map(cell).join(','),
    ...report.rows.map((r) =>
      [r.day, r.area, r.sub_county, r.payments, shillings(r.amount_cents)].map(cell).join(','),
    ),
    ['Total', '', '', report.total_payments, shillings(report.total_cents)].map(cell).join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
