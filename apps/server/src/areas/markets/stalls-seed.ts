import { referenceItemsOf } from '@kaunti/catalogue/reference-data';
import { asCountySlug } from '@kaunti/catalogue/tariff';
import { eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import { kenyaToday } from '../../core/bills/kenya-date';
import { addMonths, periodOf } from '../../core/bills/standing-rule';
import type { Db } from '../../platform/db/database';
import { marketStalls, type StallType, stallAllocations } from './schema';

/**
 * The stalls of every market of the county's `markets` list (its barriers have none), by kind,
 * with their monthly rent in KES: the central wholesale and retail markets (Wakulima, City
 * Market, Gikomba, Muthurwa; Mombasa's Kongowea and Marikiti) dearer than the neighbourhood ones,
 * and only they have cold rooms. Figures in the shape of Nairobi's market stall rents; Mombasa's
 * a fifth lower, for demonstration.
 */
const KINDS: readonly { type: StallType; prefix: string; count: number; rent: number; central: number }[] = [
  { type: 'open-space', prefix: 'OS', count: 30, rent: 1_000, central: 1_500 },
  { type: 'kiosk', prefix: 'K', count: 12, rent: 2_500, central: 3_500 },
  { type: 'lock-up', prefix: 'L', count: 16, rent: 4_000, central: 6_500 },
  { type: 'cold-room', prefix: 'CR', count: 4, rent: 0, central: 18_000 },
];
const CENTRAL = new Set(['WAK', 'CTY', 'GIK', 'MUT', 'KON', 'MRK']);
const COUNTY_FACTOR: Record<string, number> = { nairobi: 1, mombasa: 0.8 };

/** The demo trader's stall: Otieno (0722334455) lets a Gikomba kiosk, last month's and this month's rent unpaid. */
export const DEMO_STALL_NO = 'GIK-K-004';
const DEMO_TRADER_PHONE = '254722334455';

export async function seedMarketStalls(
  db: Db,
  county: string,
  options: { demoData: boolean },
): Promise<void> {
  const factor = COUNTY_FACTOR[county];
  if (factor === undefined) return;
  const markets = referenceItemsOf('markets', asCountySlug(county)).filter((m) => m.kind === 'market');
  const stalls = markets.flatMap((market) =>
    KINDS.flatMap((kind) => {
      const rent = CENTRAL.has(market.code) ? kind.central : kind.rent;
      if (rent === 0) return [];
      return Array.from({ length: kind.count }, (_, i) => ({
        stallNo: `${market.code}-${kind.prefix}-${String(i + 1).padStart(3, '0')}`,
        marketCode: market.code,
        stallType: kind.type,
        // Whole shillings, rounded to the hundred.
        monthlyRentCents: Math.round((rent * factor) / 100) * 100 * 100,
        position: i + 1,
      }));
    }),
  );
  if (stalls.length > 0) await db.insert(marketStalls).values(stalls).onConflictDoNothing();
  if (!options.demoData || county !== 'nairobi') return;

  const [trader] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, DEMO_TRADER_PHONE));
  if (!trader) return;
  const [held] = await db.select().from(stallAllocations).where(eq(stallAllocations.stallNo, DEMO_STALL_NO));
  if (held) return;
  const today = kenyaToday();
  const current = periodOf(today.year, today.month);
  await db
    .insert(stallAllocations)
    .values({
      stallNo: DEMO_STALL_NO,
      userId: trader.id,
      traderName: 'Otieno Odhiambo',
      goodsSold: 'Second-hand clothes (mitumba)',
      applicationNo: null,
      allocatedOn: '2019-03-04',
      // Last month and this one unpaid (earlier months were settled at the market office).
      rentFrom: addMonths(current, -1),
    })
    .onConflictDoNothing();
}
