import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { BillService } from '../../core/bills/bill-service';
import type { Db } from '../../platform/db/database';
import { type SaccoService, stickerYear } from './saccos';
import { psvStickers, saccos, saccoVehicles } from './schema';

/** The second demo citizen (Otieno Odhiambo) manages the demo Sacco. */
export const DEMO_SACCO_MANAGER_PHONE = '254722334455';

export const DEMO_SACCO = {
  name: 'Kawangware Route 46 Matatu Sacco',
  registrationNo: 'CS/12345',
  phone: '254722334455',
  email: 'office@route46sacco.example.co.ke',
} as const;

const ROUTES = [
  'Route 46 Kawangware–CBD',
  'Route 111 Ngong–CBD',
  'Route 33 Embakasi–CBD',
  'Route 105 Kikuyu–CBD',
] as const;

/** 20 matatus: plate, seats (14, 25 or 33), route, owner; two carry an old number. */
export const DEMO_SACCO_VEHICLES: readonly {
  plate: string;
  seats: number;
  route: string;
  ownerName: string;
  ownerPhone: string | null;
  oldPlate?: string;
}[] = [
  ['KCB 123A', 14, 0, 'Peter Kamau Njoroge', '254722000101'],
  ['KCD 245B', 14, 0, 'Grace Wanjiru Mwangi', '254722000102'],
  ['KCE 318C', 25, 0, 'John Otieno Ouma', null],
  ['KCF 402D', 33, 1, 'Mary Akinyi Odera', '254722000104'],
  ['KCG 517E', 14, 1, 'Samuel Kiprono Kirui', '254722000105'],
  ['KCH 623F', 25, 1, 'Esther Nyambura Kariuki', null],
  ['KCJ 731G', 33, 2, 'David Mutua Musyoka', '254722000107'],
  ['KCK 846H', 14, 2, 'Lucy Chebet Rono', '254722000108'],
  ['KCL 952J', 25, 2, 'James Mwangi Gitau', '254722000109'],
  ['KCM 104K', 14, 3, 'Faith Atieno Onyango', null],
  ['KCN 218L', 33, 3, 'Joseph Kimani Ndungu', '254722000111'],
  ['KCP 327M', 14, 3, 'Ann Wambui Kihara', '254722000112'],
  ['KCQ 435N', 25, 0, 'Michael Ochieng Okoth', '254722000113'],
  ['KCR 541P', 14, 1, 'Janet Mumbua Mutiso', null],
  ['KCS 658Q', 33, 2, 'Daniel Kiptoo Bett', '254722000115'],
  ['KCT 762R', 14, 3, 'Ruth Njeri Maina', '254722000116'],
  ['KDA 456B', 25, 0, 'Paul Wafula Barasa', '254722000117', 'KBZ 789X'],
  ['KDB 578C', 14, 1, 'Agnes Moraa Nyaboke', '254722000118'],
  ['KDC 689D', 33, 2, 'Stephen Karanja Waweru', null, 'KBY 456W'],
  ['KDD 791E', 14, 3, 'Caroline Jepchirchir Too', '254722000120'],
].map(([plate, seats, route, ownerName, ownerPhone, oldPlate]) => ({
  plate: plate as string,
  seats: seats as number,
  route: ROUTES[route as number]!,
  ownerName: ownerName as string,
  ownerPhone: (ownerPhone as string | null) ?? null,
  ...(oldPlate ? { oldPlate: oldPlate as string } : {}),
}));

/**
 * With demo data, the demo Sacco and its 20 vehicles for the second demo citizen, with PSV
 * activated. (The PSV sticker's seat bands and the matatu change types are the transport area's
 * tariffs, in the catalogue.) Idempotent (by registration number and plate); runs after the demo
 * users are seeded.
 */
export async function seedSaccos(db: Db, options: { demoData: boolean }): Promise<void> {
  if (!options.demoData) return;
  const [manager] = await db
    .select({ id: users.id, psv: users.psv })
    .from(users)
    .where(eq(users.phoneNumber, DEMO_SACCO_MANAGER_PHONE));
  if (!manager) return;
  if (!manager.psv) await db.update(users).set({ psv: true }).where(eq(users.id, manager.id));
  await db
    .insert(saccos)
    .values({ ...DEMO_SACCO, userId: manager.id })
    .onConflictDoNothing({ target: saccos.registrationNo });
  const [sacco] = await db.select().from(saccos).where(eq(saccos.registrationNo, DEMO_SACCO.registrationNo));
  if (!sacco || sacco.userId !== manager.id) return;
  await db
    .insert(saccoVehicles)
    .values(
      DEMO_SACCO_VEHICLES.map((v) => ({
        saccoId: sacco.id,
        plate: v.plate,
        seats: v.seats,
        route: v.route,
        ownerName: v.ownerName,
        ownerPhone: v.ownerPhone,
        oldPlate: v.oldPlate ?? null,
      })),
    )
    .onConflictDoNothing({ target: saccoVehicles.plate });
}

/** How many of the demo Sacco's vehicles have this year's sticker paid at start (the rest are due). */
const DEMO_PAID_STICKERS = 6;

/**
 * With demo data, at start (documents are signed with the server's keys): this year's stickers of
 * the demo Sacco's first six vehicles, billed and paid through the real path (one bill, the paid
 * handler issuing each sticker), unless any sticker of the Sacco exists for the year already.
 */
export async function payDemoStickers(deps: {
  db: Db;
  saccos: Pick<SaccoService, 'billStickers'>;
  bills: Pick<BillService, 'applyPayment'>;
}): Promise<void> {
  const { db } = deps;
  const [sacco] = await db.select().from(saccos).where(eq(saccos.registrationNo, DEMO_SACCO.registrationNo));
  if (!sacco) return;
  const [held] = await db
    .select({ plate: psvStickers.plate })
    .from(psvStickers)
    .where(and(eq(psvStickers.saccoId, sacco.id), eq(psvStickers.year, stickerYear())))
    .limit(1);
  if (held) return;
  const fleet = await db
    .select({ id: saccoVehicles.id })
    .from(saccoVehicles)
    .where(and(eq(saccoVehicles.saccoId, sacco.id), eq(saccoVehicles.active, true)))
    .orderBy(asc(saccoVehicles.plate))
    .limit(DEMO_PAID_STICKERS);
  if (fleet.length === 0) return;
  const bill = await deps.saccos.billStickers(
    sacco.userId,
    sacco.id,
    fleet.map((v) => v.id),
  );
  await db.transaction((tx) =>
    deps.bills.applyPayment(tx, {
      billNo: bill.bill_no,
      amountCents: bill.total_cents,
      actor: { type: 'system', id: 'demo-seed' },
      reference: 'DEMO-SEED',
    }),
  );
}
