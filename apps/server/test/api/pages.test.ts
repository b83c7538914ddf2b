/**
 * Every list that grows pages the one way (decision 038, platform/db/pages.ts): `limit`, an
 * opaque `cursor`, `next_cursor` null on the last page; newest first, stable when items are
 * added between pages; only the caller's own items; a cursor we did not give is a 400.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessClaims, businesses, businessPermits } from '../../src/areas/business/schema';
import { customerParcels, landUses, parcelClaims, parcels } from '../../src/areas/land/schema';
import { marketStalls, stallAllocations } from '../../src/areas/markets/schema';
import { parkingCovers } from '../../src/areas/parking/schema';
import { toiletFaults } from '../../src/areas/payments/schema';
import { estateHouses, tenancies } from '../../src/areas/property/schema';
import { saccos } from '../../src/areas/transport/schema';
import { applications, feeChanges } from '../../src/core/applications/schema';
import type { BillService } from '../../src/core/bills/bill-service';
import { billRequests, bills as billRows } from '../../src/core/bills/schema';
import { wards } from '../../src/core/county/schema';
import { payments } from '../../src/core/payments/schema';
import { paymentPlans } from '../../src/core/plans/schema';
import { renewableDocuments } from '../../src/core/renewals/schema';
import { createEngine, type Engine } from '../support/engine';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser as signIn, type TestUser } from '../support/users';

let t: TestApp;
let bills: BillService;
let engine: Engine;
beforeAll(async () => {
  t = await createTestApp();
  engine = await createEngine(t);
  bills = engine.bills;
});
afterAll(async () => t.close());

/** A signed-in user; PSV activated, so the Saccos they manage can be listed. */
const signUp = () => signIn(t, { psv: true });

interface PageBody {
  data: Record<string, unknown>[];
  next_cursor: string | null;
}

/** A page as read; `field` names the answer's list when it is not `data` (the spec's `reservedparkingapplication`). */
const getPage = async (user: TestUser, url: string, field = 'data') => {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
  const body = res.json() as PageBody & { code?: string; details?: unknown } & Record<string, unknown>;
  if (field !== 'data' && res.statusCode === 200) {
    expect(body).not.toHaveProperty('data');
    body.data = body[field] as PageBody['data'];
  }
  return { status: res.statusCode, body };
};

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** Every page of `path` at `limit`, following next_cursor; the pages as read. */
async function walkPages(
  user: TestUser,
  path: string,
  limit: number,
  from: string | null = null,
  field = 'data',
): Promise<PageBody[]> {
  const pages: PageBody[] = [];
  let cursor: string | null = from;
  do {
    const page = await getPage(
      user,
      withQuery(path, `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      field,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    pages.push(page.body);
    cursor = page.body.next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}

/** Raises `count` bills for a user in one transaction (so they share one created_at). */
async function raiseBills(user: TestUser, count: number): Promise<string[]> {
  return t.database.db.transaction(async (tx) => {
    const numbers: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const bill = await bills.raise(tx, {
        userId: user.id,
        description: `Charge ${i}`,
        lines: [{ amount_cents: 10_000 + i, description: `Charge ${i}`, parcel: null } satisfies FeeLine],
        actor: { type: 'system' },
      });
      numbers.push(bill.bill_no);
    }
    return numbers;
  });
}

/**
 * Records that a user asked for `count` bills on another account (a relative's rates bills), in
 * one statement (so the requests share one asked_at).
 */
async function askForBills(user: TestUser, count: number): Promise<string[]> {
  const owner = await signUp();
  const numbers = await raiseBills(owner, count);
  const raised = await t.database.db
    .select({ id: billRows.id })
    .from(billRows)
    .where(inArray(billRows.billNo, numbers));
  await t.database.db.insert(billRequests).values(raised.map((b) => ({ userId: user.id, billId: b.id })));
  return numbers;
}

async function saveDrafts(user: TestUser, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = randomUUID();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/drafts/${id}`,
      headers: user.headers,
      payload: { service_id: 'land-survey', step: 0, values: { lr_number: `209/1000${i}` } },
    });
    expect(res.statusCode).toBe(200);
    ids.push(id);
  }
  return ids;
}

const DAY_MS = 86_400_000;

/** Issues `count` seasonal parking tickets to a user, all ending at one moment (later than any before). */
async function issueParkingPermits(user: TestUser, count: number): Promise<string[]> {
  const validUntil = new Date(Date.now() + 200 * DAY_MS);
  return t.database.db.transaction(async (tx) => {
    const numbers: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const number = `SP-${randomUUID().slice(0, 8).toUpperCase()}`;
      const { document } = await engine.documents.issue(
        { kind: 'permit', number, holderName: 'Wanjiku Kamau', ownerUserId: user.id, expiresAt: validUntil },
        tx,
      );
      await tx.insert(parkingCovers).values({
        documentId: document.id,
        kind: 'season',
        userId: user.id,
        serviceId: 'seasonal-parking',
        zoneCode: null,
        validFrom: new Date(),
        validUntil,
      });
      numbers.push(number);
    }
    return numbers;
  });
}

const businessOf = new Map<string, string>();

/**
 * Issues `count` permits and licences to a user, all expiring at one moment (later than any
 * before): a business's permits and the account's own licences by turns, so the page merges both.
 */
async function issuePermits(user: TestUser, count: number): Promise<string[]> {
  const expiresAt = new Date(Date.now() + 300 * DAY_MS);
  const issuedAt = new Date();
  return t.database.db.transaction(async (tx) => {
    let businessId = businessOf.get(user.id);
    if (!businessId) {
      const pin = `P0${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}K`;
      const [row] = await tx
        .insert(businesses)
        .values({ userId: user.id, name: 'Mama Mboga Traders', kraPin: pin })
        .returning({ id: businesses.id });
      businessId = row!.id;
      businessOf.set(user.id, businessId);
    }
    const numbers: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const own = i % 2 === 1;
      const number = `${own ? 'DL' : 'SBP'}-${randomUUID().slice(0, 8).toUpperCase()}`;
      const { document } = await engine.documents.issue(
        {
          kind: own ? 'licence' : 'permit',
          number,
          holderName: 'Wanjiku Kamau',
          ownerUserId: user.id,
          issuedAt,
          expiresAt,
        },
        tx,
      );
      const held = { documentId: document.id, applicationNo: `APP-${number}`, issuedAt, expiresAt };
      if (own)
        await tx.insert(renewableDocuments).values({ ...held, userId: user.id, serviceId: 'dog-licence' });
      else
        await tx.insert(businessPermits).values({ ...held, businessId, serviceId: 'single-business-permit' });
      numbers.push(number);
    }
    return numbers;
  });
}

/** Registers `count` Saccos for a manager in one transaction (so they share one created_at). */
async function registerSaccos(user: TestUser, count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(saccos)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        name: `Route ${i} Shuttle Sacco`,
        registrationNo: `CS/${randomUUID().slice(0, 8).toUpperCase()}`,
        phone: '254722111222',
      })),
    )
    .returning({ id: saccos.id });
  return rows.map((r) => r.id);
}

/** Records `count` ended payment plans of a user in one transaction (so they share one created_at). */
async function endedPlans(user: TestUser, count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(paymentPlans)
    .values(
      Array.from({ length: count }, () => ({
        planNo: `PP-2020-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
        userId: user.id,
        status: 'completed' as const,
        arrearsCents: 120_000,
        instalmentCount: 3,
        asked: [{ kind: 'bill', reference: 'KNT-0001', description: 'Land rates', amount_cents: 120_000 }],
        endedAt: new Date(),
      })),
    )
    .returning({ planNo: paymentPlans.planNo });
  return rows.map((r) => r.planNo);
}

/** A parcel of the register to claim (made from the seeded county's first ward and land use). */
async function aParcel(): Promise<string> {
  const db = t.database.db;
  const [ward] = await db.select().from(wards).limit(1);
  const [use] = await db.select().from(landUses).limit(1);
  const lr = `209/${randomInt(100_000, 999_999)}`;
  const [row] = await db
    .insert(parcels)
    .values({
      lrNumber: lr,
      lrKey: lr,
      subCountyCode: ward!.subCountyCode,
      wardCode: ward!.code,
      landUseCode: use!.code,
      areaSqFt: 5000,
      siteValueCents: 100_000_000,
      ownerName: 'Someone Else',
      ownerIdentifier: String(randomInt(10_000_000, 99_999_999)),
    })
    .returning({ id: parcels.id });
  return row!.id;
}

/** Records `count` decided parcel claims of a user in one transaction (so they share one created_at). */
async function parcelClaimsOf(user: TestUser, count: number): Promise<string[]> {
  const parcelId = await aParcel();
  const rows = await t.database.db
    .insert(parcelClaims)
    .values(Array.from({ length: count }, () => ({ parcelId, userId: user.id, status: 'rejected' as const })))
    .returning({ id: parcelClaims.id });
  return rows.map((r) => r.id);
}

/** Links `count` new parcels of the register to a user, in one statement (so they share one linked_at). */
async function linkParcels(user: TestUser, count: number): Promise<string[]> {
  const ids = await Promise.all(Array.from({ length: count }, () => aParcel()));
  await t.database.db.insert(customerParcels).values(ids.map((parcelId) => ({ parcelId, userId: user.id })));
  const rows = await t.database.db
    .select({ lr: parcels.lrNumber })
    .from(parcels)
    .where(inArray(parcels.id, ids));
  return rows.map((r) => r.lr);
}

/** Records `count` (ended) tenancies of a county house for a user, in one statement (so they share one created_at). */
async function tenanciesOf(user: TestUser, count: number): Promise<string[]> {
  const [house] = await t.database.db.select({ id: estateHouses.id }).from(estateHouses).limit(1);
  const rows = await t.database.db
    .insert(tenancies)
    .values(
      Array.from({ length: count }, () => ({
        tenancyNo: `TST-${randomUUID().slice(0, 8).toUpperCase()}`,
        houseId: house!.id,
        userId: user.id,
        tenantName: 'Wanjiku Test',
        startDate: '2020-01-01',
        rentFrom: '2020-01-01',
        status: 'ended' as const,
      })),
    )
    .returning({ tenancyNo: tenancies.tenancyNo });
  return rows.map((r) => r.tenancyNo);
}

/** Records `count` paid applications of a user for a county house (places on the waiting list), one statement. */
async function waitingPlaces(user: TestUser, count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(applications)
    .values(
      Array.from({ length: count }, () => ({
        applicationNo: `PM-TST-${randomUUID().slice(0, 8).toUpperCase()}`,
        userId: user.id,
        serviceId: 'property-management',
        status: 'under_review' as const,
        values: { request: 'allocation', estate: 'BAH', unit_use: 'residential', household_size: 4 },
      })),
    )
    .returning({ applicationNo: applications.applicationNo });
  return rows.map((r) => r.applicationNo);
}

/** Lets `count` new market stalls to a user, in one statement (so they share one created_at). */
async function letStalls(user: TestUser, count: number): Promise<string[]> {
  const numbers = Array.from({ length: count }, () => `TST-OS-${randomUUID().slice(0, 6).toUpperCase()}`);
  await t.database.db.insert(marketStalls).values(
    numbers.map((stallNo) => ({
      stallNo,
      marketCode: 'TST',
      stallType: 'open-space' as const,
      monthlyRentCents: 150_000,
    })),
  );
  await t.database.db.insert(stallAllocations).values(
    numbers.map((stallNo) => ({
      stallNo,
      userId: user.id,
      traderName: 'Wanjiku Test',
      goodsSold: 'Vegetables',
      allocatedOn: '2020-01-01',
      rentFrom: '2020-01-01',
    })),
  );
  return numbers;
}

/** Records `count` reserved parking applications of a user, in one statement (so they share one created_at). */
async function reservedApplications(user: TestUser, count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(applications)
    .values(
      Array.from({ length: count }, () => ({
        applicationNo: `RP-TST-${randomUUID().slice(0, 8).toUpperCase()}`,
        userId: user.id,
        serviceId: 'reserved-parking',
        status: 'under_review' as const,
        values: {
          organisation_name: 'Duka Ltd',
          place: 'Moi Avenue',
          bays: 2,
          vehicles: [{ plate: 'KDA 123A' }],
        },
      })),
    )
    .returning({ applicationNo: applications.applicationNo });
  return rows.map((r) => r.applicationNo);
}

/** A KRA PIN nobody has yet. */
const aPin = () =>
  `P0${String(randomInt(0, 100_000_000)).padStart(8, '0')}${String.fromCharCode(65 + randomInt(0, 26))}`;

/** Records `count` businesses a user holds, in one statement (so they share one created_at). */
async function holdBusinesses(user: TestUser, count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(businesses)
    .values(Array.from({ length: count }, (_, i) => ({ userId: user.id, name: `Duka ${i}`, kraPin: aPin() })))
    .returning({ id: businesses.id });
  return rows.map((r) => r.id);
}

/** Businesses nobody holds (the register's, with no phone: claimed, not taken over with a code). */
async function unheldBusinesses(count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(businesses)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Register Duka ${i}`,
        kraPin: aPin(),
        inRegister: true,
      })),
    )
    .returning({ id: businesses.id });
  return rows.map((r) => r.id);
}

/** Records `count` decided business claims of a user in one statement (so they share one created_at). */
async function businessClaimsOf(user: TestUser, count: number): Promise<string[]> {
  const [businessId] = await unheldBusinesses(1);
  const rows = await t.database.db
    .insert(businessClaims)
    .values(
      Array.from({ length: count }, () => ({
        businessId: businessId!,
        userId: user.id,
        status: 'rejected' as const,
      })),
    )
    .returning({ id: businessClaims.id });
  return rows.map((r) => r.id);
}

const lists = [
  {
    name: 'bills',
    path: '/api/bills',
    key: 'bill_no',
    add: (user: TestUser, count: number) => raiseBills(user, count),
  },
  {
    name: 'bills of one status',
    path: '/api/bills?status=unpaid',
    key: 'bill_no',
    add: (user: TestUser, count: number) => raiseBills(user, count),
  },
  {
    name: 'bills asked for on other accounts',
    path: '/api/bills/asked',
    key: 'bill_no',
    add: (user: TestUser, count: number) => askForBills(user, count),
  },
  {
    name: 'parking permits',
    path: '/api/parking/permits',
    key: 'document_no',
    add: (user: TestUser, count: number) => issueParkingPermits(user, count),
  },
  {
    name: 'permits and licences',
    path: '/api/permits',
    key: 'permitNo',
    add: (user: TestUser, count: number) => issuePermits(user, count),
  },
  {
    name: "a manager's Saccos",
    path: '/api/saccos',
    key: 'id',
    add: (user: TestUser, count: number) => registerSaccos(user, count),
  },
  {
    name: 'payment plans',
    path: '/api/payment-plans',
    key: 'plan_no',
    add: (user: TestUser, count: number) => endedPlans(user, count),
  },
  {
    name: 'parcel claims',
    path: '/api/lands/parcel_claims',
    key: 'id',
    add: (user: TestUser, count: number) => parcelClaimsOf(user, count),
  },
  {
    name: 'businesses held',
    path: '/api/businesses',
    key: 'id',
    add: (user: TestUser, count: number) => holdBusinesses(user, count),
  },
  {
    name: 'business claims',
    path: '/api/businesses/claims',
    key: 'id',
    add: (user: TestUser, count: number) => businessClaimsOf(user, count),
  },
  {
    name: 'parcels linked',
    path: '/api/lands/land_r/customer_parcels',
    key: 'lr_number',
    order: 'oldest first',
    add: (user: TestUser, count: number) => linkParcels(user, count),
  },
  {
    name: 'tenancies',
    path: '/api/estates/tenancies',
    key: 'tenancy_no',
    add: (user: TestUser, count: number) => tenanciesOf(user, count),
  },
  {
    name: 'places on the waiting lists',
    path: '/api/estates/waiting-list',
    key: 'application_no',
    order: 'oldest first',
    add: (user: TestUser, count: number) => waitingPlaces(user, count),
  },
  {
    name: 'market stalls held',
    path: '/api/markets/stalls',
    key: 'stall_no',
    add: (user: TestUser, count: number) => letStalls(user, count),
  },
  {
    name: 'reserved parking applications',
    path: '/api/parking/reserved',
    key: 'application_no',
    // The spec names the answer's list.
    field: 'reservedparkingapplication',
    add: (user: TestUser, count: number) => reservedApplications(user, count),
  },
  {
    name: 'drafts',
    path: '/api/drafts',
    key: 'id',
    add: (user: TestUser, count: number) => saveDrafts(user, count),
  },
] as const;

describe.each(lists.map((l) => ({ field: 'data', order: 'newest first', ...l })))('$name ($path)', (list) => {
  const { path, key, add, order } = list;
  const get = (user: TestUser, url: string) => getPage(user, url, list.field);
  const walk = (user: TestUser, url: string, limit: number, from: string | null = null) =>
    walkPages(user, url, limit, from, list.field);
  let alice: TestUser;
  let bob: TestUser;
  let all: string[];
  beforeAll(async () => {
    [alice, bob] = await Promise.all([signUp(), signUp()]);
    await add(alice, 3);
    await add(alice, 2);
    await add(bob, 2);
    const whole = await get(alice, withQuery(path, 'limit=500'));
    all = whole.body.data.map((item) => String(item[key]));
    expect(all).toHaveLength(5);
    expect(whole.body.next_cursor).toBeNull();
  });

  it('answers `limit` items and a next_cursor, then the rest, every item once, in order, null at the end', async () => {
    const pages = await walk(alice, path, 2);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.next_cursor === null)).toEqual([false, false, true]);
    expect(pages.flatMap((p) => p.data.map((item) => String(item[key])))).toEqual(all);
    // A last page that is exactly full still says it is the last.
    const exact = await walk(alice, path, 5);
    expect(exact.map((p) => [p.data.length, p.next_cursor])).toEqual([[5, null]]);
  });

  it('keeps its order when items are added between pages: new ones first (or last, oldest first), none is repeated or lost', async () => {
    const carol = await signUp();
    await add(carol, 3);
    const before = (await get(carol, withQuery(path, 'limit=500'))).body.data.map((i) => String(i[key]));
    const first = await get(carol, withQuery(path, 'limit=2'));
    const added = await add(carol, 2);
    const rest = await walk(carol, path, 2, first.body.next_cursor);
    const read = [...first.body.data, ...rest.flatMap((p) => p.data)].map((i) => String(i[key]));
    const after = (await get(carol, withQuery(path, 'limit=500'))).body.data.map((i) => String(i[key]));
    if (order === 'oldest first') {
      // A list read first-come first: what was added meanwhile is on the pages still to read.
      expect(read.slice(0, before.length)).toEqual(before);
      expect(read.slice(before.length).sort()).toEqual([...added].sort());
      expect(after.slice(-2).sort()).toEqual([...added].sort());
    } else {
      expect(read).toEqual(before);
      expect(after.slice(0, 2).sort()).toEqual([...added].sort());
    }
  });

  it("never shows another user's items, even with their cursor", async () => {
    const bobs = (await walk(bob, path, 1)).flatMap((p) => p.data.map((i) => String(i[key])));
    expect(bobs).toHaveLength(2);
    expect(bobs.filter((k) => all.includes(k))).toEqual([]);
    const alicesCursor = (await get(alice, withQuery(path, 'limit=1'))).body.next_cursor ?? '';
    const withIt = await get(bob, withQuery(path, `cursor=${encodeURIComponent(alicesCursor)}`));
    expect(withIt.status).toBe(200);
    expect(withIt.body.data.filter((i) => all.includes(String(i[key])))).toEqual([]);
  });

  it('answers a cursor it did not give with a 400 that says so, and a limit out of range with a 400', async () => {
    for (const cursor of ['not-ours', 'KioqKg', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const bad = await get(alice, withQuery(path, `cursor=${cursor}`));
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'invalid_cursor',
        message:
          'This cursor is not one we gave for this list. Ask for the first page again, without a cursor.',
        details: [{ path: 'cursor', message: 'Not a cursor.' }],
      });
    }
    for (const limit of ['0', '501', 'many'])
      expect((await get(alice, withQuery(path, `limit=${limit}`))).status).toBe(400);
  });
});

it('answers a small page when no limit is asked for (50)', async () => {
  const dan = await signUp();
  await raiseBills(dan, 51);
  const page = await getPage(dan, '/api/bills');
  expect(page.body.data).toHaveLength(50);
  expect(page.body.next_cursor).toEqual(expect.any(String));
  const rest = await getPage(dan, `/api/bills?cursor=${encodeURIComponent(page.body.next_cursor ?? '')}`);
  expect(rest.body.data).toHaveLength(1);
  expect(rest.body.next_cursor).toBeNull();
});

/** Files `count` open business claims (each by a new claimant, on a register business nobody holds), one statement. */
async function openBusinessClaims(count: number): Promise<string[]> {
  const claimants = await Promise.all(Array.from({ length: count }, () => signUp()));
  const held = await unheldBusinesses(count);
  const rows = await t.database.db
    .insert(businessClaims)
    .values(claimants.map((c, i) => ({ businessId: held[i]!, userId: c.id, status: 'pending' as const })))
    .returning({ id: businessClaims.id });
  return rows.map((r) => r.id);
}

/** Files `count` open parcel ownership claims (each by a new claimant, on a new parcel), one statement. */
async function openParcelClaims(count: number): Promise<string[]> {
  const claimants = await Promise.all(Array.from({ length: count }, () => signUp()));
  const ids = await Promise.all(Array.from({ length: count }, () => aParcel()));
  const rows = await t.database.db
    .insert(parcelClaims)
    .values(claimants.map((c, i) => ({ parcelId: ids[i]!, userId: c.id, status: 'pending' as const })))
    .returning({ id: parcelClaims.id });
  return rows.map((r) => r.id);
}

/** Asks for `count` payment plans above the county's limits (each by a new account: one open plan each), one statement. */
async function plansToDecide(count: number): Promise<string[]> {
  const askers = await Promise.all(Array.from({ length: count }, () => signUp()));
  const rows = await t.database.db
    .insert(paymentPlans)
    .values(
      askers.map((asker) => ({
        planNo: `PP-2020-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
        userId: asker.id,
        status: 'pending_review' as const,
        arrearsCents: 30_000_000,
        instalmentCount: 12,
        asked: [{ kind: 'bill', reference: 'KNT-0001', description: 'Land rates', amount_cents: 30_000_000 }],
      })),
    )
    .returning({ planNo: paymentPlans.planNo });
  return rows.map((r) => r.planNo);
}

/** Reports `count` faults of a public toilet, one statement (so they share one reported_at). */
async function toiletFaultsReported(count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(toiletFaults)
    .values(
      Array.from({ length: count }, () => ({
        toiletCode: 'TST-1',
        kind: 'dirty' as const,
        status: 'open' as const,
      })),
    )
    .returning({ id: toiletFaults.id });
  return rows.map((r) => r.id);
}

/** Records `count` paybill payments whose account number is no bill, one statement. */
async function unmatchedPayments(count: number): Promise<string[]> {
  const rows = await t.database.db
    .insert(payments)
    .values(
      Array.from({ length: count }, () => ({
        billNo: 'KNT-TYPO',
        method: 'mpesa_c2b' as const,
        status: 'paid' as const,
        amountRequestedCents: 150_000,
        amountPaidCents: 150_000,
        phoneNumber: '254712000111',
        mpesaReceiptNumber: `T${randomUUID().slice(0, 9).toUpperCase()}`,
        unmatchedReason: 'unknown_bill',
        completedAt: new Date(),
      })),
    )
    .returning({ id: payments.id });
  return rows.map((r) => r.id);
}

/** The administrator who proposes the fee changes of these tests (made once, when first needed). */
let feeProposer: Promise<TestUser> | undefined;
const proposerOfFees = () => {
  feeProposer ??= createOfficer(t, ['admin']);
  return feeProposer;
};

/** Proposes `count` fee changes (each of an item of its own, from 2099), one statement (so they share one created_at). */
async function feeChangesProposed(
  count: number,
  status: 'proposed' | 'rejected' = 'proposed',
): Promise<string[]> {
  const admin = await proposerOfFees();
  const rows = await t.database.db
    .insert(feeChanges)
    .values(
      Array.from({ length: count }, () => ({
        schedule: 'pest-control',
        item: `TST-${randomUUID().slice(0, 8).toUpperCase()}`,
        effectiveFrom: '2099-01-01',
        description: 'Pest control certificate: a test item',
        descriptionSw: 'Cheti cha udhibiti wa wadudu: kipengee cha majaribio',
        amountCents: 350_000,
        previousCents: 300_000,
        reason: 'Finance Act 2099',
        status,
        proposedBy: admin.id,
      })),
    )
    .returning({ id: feeChanges.id });
  return rows.map((r) => r.id);
}

/**
 * The back office's lists of work waiting (decision 038): the county's, so every officer who may
 * read one reads the same list, oldest first (what waits longest comes first); new work comes last.
 */
const staffLists = [
  {
    name: 'business claims waiting for review',
    path: '/api/staff/business-claims',
    key: 'id',
    officer: () => createOfficer(t, ['approver'], ['business']),
    outsider: () => createOfficer(t, ['approver'], ['land']),
    add: (count: number) => openBusinessClaims(count),
  },
  {
    name: 'parcel claims waiting for review',
    path: '/api/staff/parcel-claims',
    key: 'id',
    officer: () => createOfficer(t, ['approver'], ['land']),
    outsider: () => createOfficer(t, ['approver'], ['business']),
    add: (count: number) => openParcelClaims(count),
  },
  {
    name: 'payment plans waiting for a revenue officer',
    path: '/api/staff/payment-plans',
    key: 'plan_no',
    officer: () => createOfficer(t, ['revenue']),
    outsider: () => createOfficer(t, ['approver']),
    add: (count: number) => plansToDecide(count),
  },
  {
    name: 'unmatched payments',
    path: '/api/staff/revenue/unmatched',
    key: 'payment_id',
    officer: () => createOfficer(t, ['revenue']),
    outsider: () => createOfficer(t, ['approver']),
    add: (count: number) => unmatchedPayments(count),
  },
  {
    name: 'open toilet faults',
    path: '/api/staff/public-toilets/faults?status=open',
    key: 'id',
    // The newest report first (what the screen shows).
    order: 'newest first',
    officer: () => createOfficer(t, ['enforcement']),
    outsider: () => createOfficer(t, ['revenue']),
    add: (count: number) => toiletFaultsReported(count),
  },
  {
    name: "an estate's waiting list",
    path: '/api/staff/estates/waiting-list?estate_code=BAH&unit_use=residential',
    key: 'application_no',
    // The answer's list is `waiting`, beside the estate's vacant houses.
    field: 'waiting',
    officer: () => createOfficer(t, ['approver'], ['property']),
    outsider: () => createOfficer(t, ['approver'], ['land']),
    add: async (count: number) => waitingPlaces(await signUp(), count),
  },
  {
    name: 'fee changes',
    path: '/api/staff/fees/changes',
    key: 'id',
    // The newest proposed first (what the screen shows).
    order: 'newest first',
    officer: () => createOfficer(t, ['revenue']),
    outsider: () => createOfficer(t, ['approver']),
    add: (count: number) => feeChangesProposed(count),
  },
  {
    name: 'fee changes waiting for a second officer',
    path: '/api/staff/fees/changes?status=proposed',
    key: 'id',
    order: 'newest first',
    officer: () => createOfficer(t, ['admin']),
    outsider: () => createOfficer(t, ['enforcement']),
    add: (count: number) => feeChangesProposed(count),
  },
] as const;

describe.each(staffLists.map((l) => ({ order: 'oldest first', field: 'data', ...l })))(
  'back office: $name ($path)',
  (list) => {
    const { path, key, officer, outsider, add, order } = list;
    const get = (user: TestUser, url: string) => getPage(user, url, list.field);
    const walk = (user: TestUser, url: string, limit: number, from: string | null = null) =>
      walkPages(user, url, limit, from, list.field);
    let staff: TestUser;
    const keys = (page: PageBody) => page.data.map((item) => String(item[key]));
    beforeAll(async () => {
      staff = await officer();
      await add(3);
      await add(2);
    });

    it('answers `limit` items and a next_cursor, then the rest, every item once, oldest first, null at the end', async () => {
      const whole = await get(staff, withQuery(path, 'limit=500'));
      expect(whole.status).toBe(200);
      expect(whole.body.next_cursor).toBeNull();
      const all = keys(whole.body);
      expect(all.length).toBeGreaterThanOrEqual(5);
      const pages = await walk(staff, path, 2);
      expect(pages.slice(0, -1).every((p) => p.data.length === 2 && p.next_cursor !== null)).toBe(true);
      expect(pages.at(-1)?.next_cursor).toBeNull();
      expect(pages.flatMap(keys)).toEqual(all);
      const exact = await walk(staff, path, all.length);
      expect(exact.map((p) => [p.data.length, p.next_cursor])).toEqual([[all.length, null]]);
    });

    it('keeps its order when work is added between pages: new work last (first, newest first), none is repeated or lost', async () => {
      const before = keys((await get(staff, withQuery(path, 'limit=500'))).body);
      const first = await get(staff, withQuery(path, 'limit=2'));
      const added = await add(2);
      const rest = await walk(staff, path, 2, first.body.next_cursor);
      const read = [...keys(first.body), ...rest.flatMap(keys)];
      if (order === 'oldest first') {
        expect(read.slice(0, before.length)).toEqual(before);
        expect(read.slice(before.length).sort()).toEqual([...added].sort());
      } else {
        // Newest first: what was reported meanwhile sorts before the cursor, on the first page asked again.
        expect(read).toEqual(before);
        const after = keys((await get(staff, withQuery(path, 'limit=500'))).body);
        expect(after.slice(0, added.length).sort()).toEqual([...added].sort());
      }
    });

    it('refuses, with or without a cursor, an officer without its area and a citizen', async () => {
      const cursor = encodeURIComponent(
        (await get(staff, withQuery(path, 'limit=1'))).body.next_cursor ?? '',
      );
      for (const someone of [await outsider(), await signUp()]) {
        expect((await get(someone, path)).status).toBe(403);
        expect((await get(someone, withQuery(path, `limit=1&cursor=${cursor}`))).status).toBe(403);
      }
    });

    it('answers a cursor it did not give with a 400 that says so, and a limit out of range with a 400', async () => {
      for (const cursor of ['not-ours', 'KioqKg', Buffer.from('["yesterday","x"]').toString('base64url')]) {
        const bad = await get(staff, withQuery(path, `cursor=${cursor}`));
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({
          code: 'invalid_cursor',
          details: [{ path: 'cursor', message: 'Not a cursor.' }],
        });
      }
      for (const limit of ['0', '501', 'many'])
        expect((await get(staff, withQuery(path, `limit=${limit}`))).status).toBe(400);
    });
  },
);

it('pages fee changes of one status only, each still telling its proposer it is theirs (proposed_by_me)', async () => {
  const admin = await proposerOfFees();
  const revenue = await createOfficer(t, ['revenue']);
  const rejected = await feeChangesProposed(2, 'rejected');
  const waiting = await feeChangesProposed(3);
  const keys = (pages: PageBody[]) => pages.flatMap((p) => p.data.map((c) => String(c.id)));
  const proposedPages = await walkPages(admin, '/api/staff/fees/changes?status=proposed', 2);
  expect(proposedPages.flatMap((p) => p.data.map((c) => c.status))).not.toContain('rejected');
  expect(keys(proposedPages).slice(0, 3).sort()).toEqual([...waiting].sort());
  expect(keys(proposedPages)).not.toEqual(expect.arrayContaining([rejected[0]]));
  const everyPage = await walkPages(admin, '/api/staff/fees/changes', 2);
  expect(keys(everyPage).slice(0, 5).sort()).toEqual([...waiting, ...rejected].sort());
  const mine = everyPage.flatMap((p) => p.data).filter((c) => waiting.includes(String(c.id)));
  expect(mine.map((c) => c.proposed_by_me)).toEqual([true, true, true]);
  const theirs = (await walkPages(revenue, '/api/staff/fees/changes?status=proposed', 2))
    .flatMap((p) => p.data)
    .filter((c) => waiting.includes(String(c.id)));
  expect(theirs.map((c) => c.proposed_by_me)).toEqual([false, false, false]);
});

it("numbers an estate's waiting list from its start on every page, with the vacant houses beside each", async () => {
  const officer = await createOfficer(t, ['approver'], ['property']);
  await waitingPlaces(await signUp(), 3);
  const path = '/api/staff/estates/waiting-list?estate_code=BAH&unit_use=residential';
  const whole = await getPage(officer, withQuery(path, 'limit=500'), 'waiting');
  const pages = await walkPages(officer, path, 2, null, 'waiting');
  const places = pages.flatMap((p) => p.data.map((w) => [w.application_no, w.place]));
  expect(places).toEqual(whole.body.data.map((w, i) => [w.application_no, i + 1]));
  const vacant = whole.body.vacant;
  for (const page of pages) expect((page as PageBody & { vacant?: unknown }).vacant).toEqual(vacant);
});
