import type { County, SubCounty } from '@kaunti/contract/api-county';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { county, subCounties, wards } from './schema';

export interface CountyService {
  /**
   * The county's public configuration (cached: it changes only with a new seed and restart).
   * Inside a transaction, pass it: on the embedded database a query outside it would wait for it.
   */
  get(tx?: Db): Promise<County>;
  subCounties(): Promise<SubCounty[]>;
  /** The ward with this code in this sub-county, or undefined. */
  findWard(subCountyCode: string, wardCode: string): Promise<{ code: string; name: string } | undefined>;
}

export function createCountyService(db: Db): CountyService {
  let cached: Promise<County> | undefined;
  let cachedSubCounties: Promise<SubCounty[]> | undefined;

  const load = async (from: Db): Promise<County> => {
    const [row] = await from.select().from(county).limit(1);
    if (!row) throw new Error('The county is not configured: the seed has not run.');
    return {
      code: row.code,
      name: row.name,
      portal_name: row.portalName,
      currency: 'KES',
      paybill: row.paybill,
      bank_accounts: row.bankAccounts,
      contacts: row.contacts,
      letterhead: row.letterhead,
    };
  };

  const loadSubCounties = async (): Promise<SubCounty[]> => {
    const rows = await db
      .select({ scCode: subCounties.code, scName: subCounties.name, code: wards.code, name: wards.name })
      .from(subCounties)
      .innerJoin(wards, eq(wards.subCountyCode, subCounties.code))
      .orderBy(asc(subCounties.code), asc(wards.code));
    const bySc = new Map<string, SubCounty>();
    for (const r of rows) {
      let sc = bySc.get(r.scCode);
      if (!sc) {
        sc = { code: r.scCode, name: r.scName, wards: [] };
        bySc.set(r.scCode, sc);
      }
      sc.wards.push({ code: r.code, name: r.name });
    }
    return [...bySc.values()];
  };

  return {
    get(tx) {
      cached ??= load(tx ?? db).catch((error) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
    subCounties() {
      cachedSubCounties ??= loadSubCounties().catch((error) => {
        cachedSubCounties = undefined;
        throw error;
      });
      return cachedSubCounties;
    },
    async findWard(subCountyCode, wardCode) {
      const all = await this.subCounties();
      return all.find((sc) => sc.code === subCountyCode)?.wards.find((w) => w.code === wardCode);
    },
  };
}
