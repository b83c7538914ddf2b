import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { Use } from './allocation-terms';
import { estateHouses, estates, tenancies } from './schema';

/** The estate an officer names, and its vacant houses of a kind. */
export function createAllocationReads() {
  async function estateOf(on: Db, code: string) {
    const [estate] = await on.select().from(estates).where(eq(estates.code, code)).limit(1);
    if (!estate) throw notFound('We could not find that estate.');
    return estate;
  }

  /** The vacant houses of an estate and kind, lowest number first (numbers before shops' S1). */
  const vacantHouses = (on: Db, estateCode: string, use: Use) =>
    on
      .select({
        id: estateHouses.id,
        houseNo: estateHouses.houseNo,
        block: estateHouses.block,
        size: estateHouses.size,
        monthlyRentCents: estateHouses.monthlyRentCents,
      })
      .from(estateHouses)
      .where(
        and(
          eq(estateHouses.estateCode, estateCode),
          eq(estateHouses.use, use),
          sql`not exists (select 1 from ${tenancies} t where t.house_id = ${estateHouses.id} and t.status = 'active')`,
        ),
      )
      .orderBy(sql`length(${estateHouses.houseNo})`, asc(estateHouses.houseNo));

  return { estateOf, vacantHouses };
}
