import { referenceData, referenceItemsOf } from '@kaunti/catalogue/reference-data';
import type { CountySlug } from '@kaunti/catalogue/tariff';
import type { ReferenceItem } from '@kaunti/contract/api-county';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { referenceItems } from './schema';

/**
 * The county reference data lists the service folders declare (the catalogue's
 * reference-data.ts): one table and one route for all of them, so a service that offers the
 * county's clinics, grounds or markets costs its folder and no code. The seed writes the county's
 * items of every list (an item gone from a folder is removed); the route and the checks of every
 * submitted choice read them.
 */
export function createReferenceItems(db: Db) {
  return {
    /** The names of the lists the folders declare. */
    lists(): string[] {
      return [...referenceData.keys()];
    },

    /** A list's items (those under `parent` when asked), in order; undefined for an unknown list. */
    async items(list: string, parent?: string): Promise<ReferenceItem[] | undefined> {
      if (!referenceData.has(list)) return undefined;
      const rows = await db
        .select()
        .from(referenceItems)
        .where(
          and(
            eq(referenceItems.list, list),
            parent === undefined ? undefined : eq(referenceItems.parent, parent),
          ),
        )
        .orderBy(asc(referenceItems.position));
      return rows.map((r) => ({
        ...r.extra,
        code: r.code,
        name: r.name,
        name_sw: r.nameSw,
        parent: r.parent,
      }));
    },
  };
}
export type ReferenceItems = ReturnType<typeof createReferenceItems>;

/** Writes the county's items of every list the folders declare (idempotent; what a folder dropped goes). */
export async function seedReferenceItems(db: Db, county: CountySlug): Promise<void> {
  for (const list of referenceData.keys()) {
    const items = referenceItemsOf(list, county);
    if (items.length > 0)
      await db
        .insert(referenceItems)
        .values(
          items.map(({ code, name, name_sw, parent, ...extra }, position) => ({
            list,
            code,
            name,
            nameSw: name_sw,
            parent: parent ?? null,
            position,
            extra: Object.fromEntries(
              Object.entries(extra).filter(
                (e): e is [string, string | number | boolean] => e[1] !== undefined,
              ),
            ),
          })),
        )
        .onConflictDoUpdate({
          target: [referenceItems.list, referenceItems.code],
          set: {
            name: sql`excluded.name`,
            nameSw: sql`excluded.name_sw`,
            parent: sql`excluded.parent`,
            position: sql`excluded.position`,
            extra: sql`excluded.extra`,
          },
        });
    await db.delete(referenceItems).where(
      and(
        eq(referenceItems.list, list),
        items.length > 0
          ? notInArray(
              referenceItems.code,
              items.map((i) => i.code),
            )
          : undefined,
      ),
    );
  }
}
