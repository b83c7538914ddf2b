import { and, eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import { kenyaToday } from '../../core/bills/kenya-date';
import { addMonths, periodOf } from '../../core/bills/standing-rule';
import type { Db } from '../../platform/db/database';
import { estateHouses, estates, tenancies } from './schema';

/**
 * Nairobi's county estates (the council's rental housing east of the city centre, in Makadara and
 * Kamukunji), their houses and units with a monthly rent, and, with demo data, the demo citizens'
 * tenancies: Wanjiku (0712345678) rents a Kaloleni house with three months of arrears, and a
 * Makongeni house a month in arrears (the transfer's example); Otieno (0722334455) a Jericho
 * house, paid up. Rent is due by the 10th; a month still unpaid after it
 * adds 5% of what is unpaid of it (once). Idempotent.
 */
export const NAIROBI_ESTATES = [
  { code: 'KAL', name: 'Kaloleni', subCountyCode: '287', rent: 350_000, size: '2 rooms' },
  { code: 'MAK', name: 'Makongeni', subCountyCode: '287', rent: 280_000, size: '1 room' },
  { code: 'JER', name: 'Jericho', subCountyCode: '287', rent: 300_000, size: '2 rooms' },
  { code: 'OFM', name: 'Ofafa Maringo', subCountyCode: '287', rent: 320_000, size: '2 rooms' },
  { code: 'MBO', name: 'Mbotela', subCountyCode: '287', rent: 260_000, size: '1 room' },
  { code: 'BAH', name: 'Bahati', subCountyCode: '288', rent: 300_000, size: '2 rooms' },
  { code: 'SHM', name: 'Shauri Moyo', subCountyCode: '288', rent: 250_000, size: '1 room' },
] as const;

const HOUSES_PER_ESTATE = 12;
export const DEMO_TENANCY_NO = 'NCC-KAL-0114';
export const SECOND_DEMO_TENANCY_NO = 'NCC-JER-0207';
/**
 * Wanjiku's second tenancy (a Makongeni house she holds for her mother, a month in arrears): the
 * tenancy transfer's published example, so that trying it — which hands the tenancy to Otieno —
 * leaves her Kaloleni tenancy for the other services' examples.
 */
export const TRANSFER_DEMO_TENANCY_NO = 'NCC-MAK-0309';

export async function seedEstates(db: Db, county: string, options: { demoData: boolean }): Promise<void> {
  if (county !== 'nairobi') return;
  await db
    .insert(estates)
    .values(
      NAIROBI_ESTATES.map((e, position) => ({
        code: e.code,
        name: e.name,
        subCountyCode: e.subCountyCode,
        dueDay: 10,
        penaltyPpm: 50_000,
        position,
      })),
    )
    .onConflictDoNothing();
  const houses = NAIROBI_ESTATES.flatMap((e) => [
    ...Array.from({ length: HOUSES_PER_ESTATE }, (_, i) => ({
      estateCode: e.code,
      block: `Block ${String.fromCharCode(65 + Math.floor(i / 4))}`,
      houseNo: String(101 + i),
      use: 'residential' as const,
      size: e.size,
      monthlyRentCents: e.rent,
    })),
    // Each estate's shops along its market road.
    ...Array.from({ length: 2 }, (_, i) => ({
      estateCode: e.code,
      block: 'Shops',
      houseNo: `S${i + 1}`,
      use: 'commercial' as const,
      size: 'shop',
      monthlyRentCents: 600_000,
    })),
  ]);
  // The demo houses: Kaloleni 114, Makongeni 309 and Jericho 207.
  houses.push(
    {
      estateCode: 'MAK',
      block: 'Block C',
      houseNo: '309',
      use: 'residential',
      size: '1 room',
      monthlyRentCents: 280_000,
    },
    {
      estateCode: 'KAL',
      block: 'Block D',
      houseNo: '114',
      use: 'residential',
      size: '2 rooms',
      monthlyRentCents: 350_000,
    },
    {
      estateCode: 'JER',
      block: 'Block B',
      houseNo: '207',
      use: 'residential',
      size: '2 rooms',
      monthlyRentCents: 300_000,
    },
  );
  await db.insert(estateHouses).values(houses).onConflictDoNothing();
  if (!options.demoData) return;

  const today = kenyaToday();
  const current = periodOf(today.year, today.month);
  const demo = [
    {
      tenancyNo: DEMO_TENANCY_NO,
      estate: 'KAL',
      houseNo: '114',
      phone: '254712345678',
      name: 'Wanjiku Njeri Kamau',
      idNumber: '2345678',
      startDate: '2011-07-01',
      // Three months unpaid: the two before this one, and this one.
      rentFrom: addMonths(current, -2),
    },
    {
      tenancyNo: TRANSFER_DEMO_TENANCY_NO,
      estate: 'MAK',
      houseNo: '309',
      phone: '254712345678',
      name: 'Wanjiku Njeri Kamau',
      idNumber: '2345678',
      startDate: '2018-04-01',
      // This month unpaid.
      rentFrom: current,
    },
    {
      tenancyNo: SECOND_DEMO_TENANCY_NO,
      estate: 'JER',
      houseNo: '207',
      phone: '254722334455',
      name: 'Otieno Odhiambo',
      idNumber: null,
      startDate: '2016-02-01',
      rentFrom: current,
    },
  ];
  for (const d of demo) {
    const house = await houseId(db, d.estate, d.houseNo);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, d.phone));
    if (!house) continue;
    await db
      .insert(tenancies)
      .values({
        tenancyNo: d.tenancyNo,
        houseId: house,
        userId: user?.id ?? null,
        tenantName: d.name,
        tenantIdNumber: d.idNumber,
        tenantPhone: d.phone,
        startDate: d.startDate,
        rentFrom: d.rentFrom,
      })
      .onConflictDoNothing();
  }
}

async function houseId(db: Db, estate: string, houseNo: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: estateHouses.id })
    .from(estateHouses)
    .where(and(eq(estateHouses.estateCode, estate), eq(estateHouses.houseNo, houseNo)));
  return row?.id;
}
