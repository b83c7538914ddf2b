import { activityNamesSw } from '@kaunti/catalogue/services/business/activities';
import type { BusinessActivity } from '@kaunti/contract/api-business';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import { feeAmountsOf } from '../../core/applications/fees';
import type { Db } from '../../platform/db/database';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import { toActivity } from './business-records';
import { businessActivities, pestControlProviders, pestControlServices, postalCodes } from './schema';

/** The county's activity schedule, searched in the reader's language. */
async function activities(
  db: Db,
  filter: { q?: string | undefined; industry?: string | undefined } = {},
  language: AnswerLanguage = 'en',
) {
  const where = [];
  const q = filter.q?.trim();
  if (q) {
    const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    // Searched in the reader's language too: the activities whose Kiswahili name holds it.
    const inSw =
      language === 'sw'
        ? Object.entries(activityNamesSw)
            .filter(([, name]) => name.toLowerCase().includes(q.toLowerCase()))
            .map(([code]) => code)
        : [];
    where.push(
      or(
        ilike(businessActivities.name, `%${escaped}%`),
        ilike(businessActivities.code, `${escaped}%`),
        ...(inSw.length > 0 ? [inArray(businessActivities.code, inSw)] : []),
      ),
    );
  }
  if (filter.industry) where.push(eq(businessActivities.industry, filter.industry));
  const rows = await db
    .select()
    .from(businessActivities)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(asc(businessActivities.position));
  return rows.map((row) => toActivity(row, language));
}

export async function activityMap(db: Db, codes: string[]): Promise<Map<string, BusinessActivity>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(businessActivities).where(inArray(businessActivities.code, codes));
  return new Map(rows.map((r) => [r.code, toActivity(r)]));
}

export async function postOfficeOf(db: Db, code: unknown): Promise<string | null> {
  if (typeof code !== 'string') return null;
  const [row] = await db.select().from(postalCodes).where(eq(postalCodes.code, code)).limit(1);
  return row?.postOffice ?? null;
}

/** The business area's reference lists: the activity schedule (searchable, and as a tree), postal codes, pest control. */
export function createBusinessReferences(db: Db) {
  return {
    activities: (
      filter: { q?: string | undefined; industry?: string | undefined } = {},
      language: AnswerLanguage = 'en',
    ) => activities(db, filter, language),
    /** The schedule as a tree: category and industry, their sub-categories, their activities. */
    async classification() {
      const rows = await db.select().from(businessActivities).orderBy(asc(businessActivities.position));
      const byIndustry = new Map<
        string,
        { category: string; industry: string; sub: Map<string, BusinessActivity[]> }
      >();
      for (const row of rows) {
        const entry = byIndustry.get(row.industry) ?? {
          category: row.category,
          industry: row.industry,
          sub: new Map(),
        };
        byIndustry.set(row.industry, entry);
        entry.sub.set(row.subCategory, [...(entry.sub.get(row.subCategory) ?? []), toActivity(row)]);
      }
      return [...byIndustry.values()].map((e) => ({
        category: e.category,
        industry: e.industry,
        sub_categories: [...e.sub.entries()].map(([name, list]) => ({ name, activities: list })),
      }));
    },
    async postalCodes() {
      const rows = await db.select().from(postalCodes).orderBy(asc(postalCodes.code));
      return rows.map((r) => ({
        postal_code: r.code,
        post_office: r.postOffice,
        label: `${r.code} ${r.postOffice}`,
      }));
    },
    async pestControlProviders() {
      const rows = await db
        .select()
        .from(pestControlProviders)
        .where(eq(pestControlProviders.active, true))
        .orderBy(asc(pestControlProviders.name));
      return rows.map((r) => ({
        provider_code: r.code,
        name: r.name,
        licence_no: r.licenceNo,
        phone: r.phone,
      }));
    },
    async pestControlServices() {
      const [rows, fee] = await Promise.all([
        db.select().from(pestControlServices).orderBy(asc(pestControlServices.position)),
        feeAmountsOf(db, 'pest-control'),
      ]);
      return rows.map((r) => ({
        service_code: r.code,
        name: r.name,
        products: r.products,
        fee_cents: fee.get(r.code) ?? null,
      }));
    },
  };
}
