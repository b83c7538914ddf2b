import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { Bill } from '@kaunti/contract/api-bills';
import type { Tenancy, TenancyDetail, WaitingEntry } from '@kaunti/contract/api-estates';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type {
  IssuedListener,
  IssuingListener,
  StatusListener,
} from '../../core/applications/application-transitions';
import { applications } from '../../core/applications/schema';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import { bills } from '../../core/bills/schema';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { createAllocation } from './allocation';
import { unitTypeWords } from './house-words';
import { estateHouses, estates, tenancies, tenancyNextOfKin } from './schema';
import {
  COUNTY_RENT,
  notAllocated,
  ON_THE_LIST,
  onWaitingList,
  openRentIn,
  PROPERTY_MANAGEMENT,
} from './waiting-list';

export { COUNTY_RENT } from './waiting-list';

/**
 * An application still undecided: an applicant has one for a waiting list open at a time, and a
 * tenancy one transfer (from its submission until it is issued, refused or cancelled).
 */
const OPEN_FOR_THE_LIST = [
  'submitted',
  'awaiting_payment',
  'under_review',
  'approved',
  'needs_info',
] as const;

const tenancyNotFound = () => notFound('We could not find that tenancy on your account.');

/**
 * County estates (decision 034): a tenant's tenancies and their rent. The rent is a standing
 * obligation of the bills core (decision 028): its months, penalties, balance and statement are
 * the core's; this area only says which obligation is whose. Every read and bill is limited to
 * the tenancies the caller's account holds: another's is a 404, never a 403 (it does not say the
 * number exists).
 */
export function createEstatesService(
  deps: Omit<Parameters<typeof createAllocation>[0], 'db' | 'standing'> & {
    db: Db;
    standing: StandingChargeService;
  },
) {
  const { db, standing } = deps;
  const allocation = createAllocation(deps);
  const rows = (where: ReturnType<typeof and>) =>
    db
      .select({
        tenancyNo: tenancies.tenancyNo,
        userId: tenancies.userId,
        tenantName: tenancies.tenantName,
        startDate: tenancies.startDate,
        rentFrom: tenancies.rentFrom,
        status: tenancies.status,
        obligationId: tenancies.obligationId,
        estate: estates.name,
        subCountyCode: estates.subCountyCode,
        dueDay: estates.dueDay,
        penaltyPpm: estates.penaltyPpm,
        block: estateHouses.block,
        houseNo: estateHouses.houseNo,
        use: estateHouses.use,
        size: estateHouses.size,
        monthlyRentCents: estateHouses.monthlyRentCents,
        kin: {
          name: tenancyNextOfKin.name,
          idNumber: tenancyNextOfKin.idNumber,
          relationship: tenancyNextOfKin.relationship,
          phone: tenancyNextOfKin.phone,
          applicationNo: tenancyNextOfKin.applicationNo,
        },
      })
      .from(tenancies)
      .leftJoin(tenancyNextOfKin, eq(tenancyNextOfKin.tenancyNo, tenancies.tenancyNo))
      .innerJoin(estateHouses, eq(estateHouses.id, tenancies.houseId))
      .innerJoin(estates, eq(estates.code, estateHouses.estateCode))
      .where(where)
      .orderBy(asc(tenancies.tenancyNo));
  type Row = Awaited<ReturnType<typeof rows>>[number];

  async function tenancyOf(row: Row, language: AccountLanguage = 'en') {
    const obligation = row.obligationId ? (await standing.listByIds([row.obligationId]))[0] : undefined;
    const summary = obligation ? await standing.summary(obligation) : undefined;
    const tenancy: Tenancy = {
      tenancy_no: row.tenancyNo,
      estate: row.estate,
      block: row.block,
      house_no: row.houseNo,
      unit_type: unitTypeWords(row, language),
      tenant_name: row.tenantName,
      start_date: row.startDate,
      status: row.status,
      monthly_rent_cents: row.monthlyRentCents,
      balance_cents: summary?.balanceCents ?? 0,
      credit_cents: summary?.creditCents ?? 0,
      months_in_arrears: summary?.monthsInArrears ?? 0,
      next_of_kin: row.kin
        ? {
            name: row.kin.name,
            id_number: row.kin.idNumber,
            relationship: row.kin.relationship,
            phone: row.kin.phone,
            application_no: row.kin.applicationNo,
          }
        : null,
    };
    return { tenancy, summary };
  }

  async function own(userId: string, tenancyNo: string): Promise<Row> {
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (!row) throw tenancyNotFound();
    return row;
  }

  /** The services whose applications name one of the applicant's tenancies (`tenancy_no`). */
  const TENANCY_SERVICES = new Set(['next-of-kin', 'tenancy-transfer']);

  const houseInWords = (row: Row) =>
    [row.estate, row.block, `house ${row.houseNo}`].filter(Boolean).join(', ');

  const onList = onWaitingList;

  /** An application's place on its waiting list now: one after those on it made before it. */
  async function placeOf(on: Db, row: { id: string; values: Record<string, unknown> }): Promise<number> {
    const [ahead] = await on
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(
        and(
          onList(String(row.values.estate ?? ''), String(row.values.unit_use ?? ''), ON_THE_LIST),
          sql`(${applications.createdAt}, ${applications.applicationNo}) < (select a.created_at, a.application_no from ${applications} a where a.id = ${row.id})`,
        ),
      );
    return Number(ahead?.n ?? 0) + 1;
  }

  /** The letter of an application for allocation prints its place on the list as it is issued. */
  const placeOnIssue: IssuingListener = async (tx, { row }) => {
    const values = (row.values as Record<string, unknown> | null) ?? {};
    if (row.serviceId !== PROPERTY_MANAGEMENT || values.request !== 'allocation') return undefined;
    return { waiting_place: String(await placeOf(tx, { id: row.id, values })) };
  };

  /**
   * An application for allocation: one open (undecided) per applicant and list, else a field
   * error naming it; its place on applying is one after the paid applications on the list.
   */
  async function validateAllocation(userId: string, values: Record<string, unknown>) {
    const estate = String(values.estate ?? '');
    const use = String(values.unit_use ?? '');
    const [open] = await db
      .select({ applicationNo: applications.applicationNo })
      .from(applications)
      .where(and(eq(applications.userId, userId), onList(estate, use, OPEN_FOR_THE_LIST)))
      .limit(1);
    if (open)
      return [
        {
          path: 'estate',
          message: `You have already applied for this estate and kind of unit (application ${open.applicationNo}).`,
        },
      ];
    const [ahead] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(onList(estate, use, ON_THE_LIST));
    return { errors: [], derived: { waiting_place: String(Number(ahead?.n ?? 0) + 1) } };
  }

  /**
   * A tenancy service names a tenancy the applicant's account holds (else a field error, the same
   * whether it exists or not). What the definition declares derived is worked out from it: the
   * house in words, its monthly rent, and `arrears_cents` — its unpaid rent and penalties now,
   * which a `carried` fee puts on the bill (decision 036). A transfer names a new tenant who holds
   * a portal account by the phone given, and is not the applicant. Property management: a repair
   * names a tenancy the same way; an allocation is checked against the waiting list.
   */
  const validateApplication: AreaValidator = async ({ userId, service, values }) => {
    if (service.id === PROPERTY_MANAGEMENT && values.request === 'allocation')
      return validateAllocation(userId, values);
    if (
      !TENANCY_SERVICES.has(service.id) &&
      !(service.id === PROPERTY_MANAGEMENT && values.request === 'repair')
    )
      return [];
    const tenancyNo = typeof values.tenancy_no === 'string' ? values.tenancy_no.trim().toUpperCase() : '';
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (row?.status !== 'active')
      return [{ path: 'tenancy_no', message: `We could not find tenancy ${tenancyNo} on your account.` }];
    const errors: { path: string; message: string }[] = [];
    // One transfer of a tenancy at a time: a second would be paid for a tenancy about to move.
    if (service.id === 'tenancy-transfer') {
      const [open] = await db
        .select({ applicationNo: applications.applicationNo })
        .from(applications)
        .where(
          and(
            eq(applications.serviceId, 'tenancy-transfer'),
            sql`upper(${applications.values}->>'tenancy_no') = ${tenancyNo}`,
            inArray(applications.status, [...OPEN_FOR_THE_LIST]),
          ),
        )
        .limit(1);
      if (open)
        errors.push({
          path: 'tenancy_no',
          message: `A transfer of tenancy ${tenancyNo} is already in progress (application ${open.applicationNo}).`,
        });
    }
    if (typeof values.new_tenant_phone === 'string') {
      const [newTenant] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phoneNumber, values.new_tenant_phone))
        .limit(1);
      if (!newTenant)
        errors.push({
          path: 'new_tenant_phone',
          message:
            'The new tenant needs an account of the county portal with this phone number: ask them to register first.',
        });
      else if (newTenant.id === userId)
        errors.push({ path: 'new_tenant_phone', message: 'The new tenant must be someone other than you.' });
    }
    const declared = new Set((service.derived ?? []).map((d) => d.name));
    if (declared.size === 0) return errors;
    // A repair needs only the house in words; a transfer, its rent and arrears too.
    if (service.id === PROPERTY_MANAGEMENT) return { errors, derived: { house: houseInWords(row) } };
    const { summary } = await tenancyOf(row);
    const derived: Record<string, unknown> = {
      house: houseInWords(row),
      monthly_rent: formatKes(row.monthlyRentCents),
      // What no other open bill carries already (a payment plan's, decision 028): never asked twice.
      arrears_cents: summary?.askableCents ?? 0,
      arrears: formatKes(summary?.askableCents ?? 0),
    };
    return { errors, derived };
  };

  /**
   * As the bill of a tenancy service waits for payment, the rent is told what it carries; once it
   * is paid, what it carried of the tenancy's unpaid rent
   * (`arrears_cents`, decision 036) is counted into the rent's ledger, oldest months first — once
   * per application, whatever moves follow.
   */
  const settleCarried: StatusListener = async (tx, { row, from, to }) => {
    if (!TENANCY_SERVICES.has(row.serviceId) || !row.billNo) return;
    // Waiting for payment (just submitted), or leaving it for payment: cancelled unpaid (by the
    // applicant, or with its bill) carries nothing any more.
    const waits = from === 'submitted' && to === 'awaiting_payment';
    if (!waits && (from !== 'awaiting_payment' || to === 'cancelled')) return;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const carried = Number(values.arrears_cents ?? 0);
    if (!Number.isSafeInteger(carried) || carried <= 0) return;
    const tenancyNo = String(values.tenancy_no ?? '')
      .trim()
      .toUpperCase();
    const [tenancy] = await tx
      .select({ obligationId: tenancies.obligationId })
      .from(tenancies)
      .where(eq(tenancies.tenancyNo, tenancyNo));
    if (!tenancy?.obligationId) return;
    // The rent is told that this bill carries its arrears: its own bill and a payment plan leave
    // them to it while it is open (decision 028), so the same months are never asked for twice.
    if (waits) {
      await standing.carry(tx, tenancy.obligationId, {
        amountCents: carried,
        billNo: row.billNo,
        reference: row.applicationNo,
        actor: { type: 'system', id: `application:${row.applicationNo}` },
      });
      return;
    }
    // And only once its bill is paid in full (what moved it on).
    const [bill] = await tx
      .select({ status: bills.status })
      .from(bills)
      .where(eq(bills.billNo, row.billNo))
      .limit(1);
    if (bill?.status !== 'paid') return;
    await standing.settleFrom(tx, tenancy.obligationId, {
      amountCents: carried,
      billNo: row.billNo,
      reference: row.applicationNo,
      actor: { type: 'system', id: `bill:${row.billNo}` },
    });
  };

  /**
   * An issued transfer moves the tenancy to the new tenant (decision 036), in the issuing
   * transaction: only from the applicant who still holds it, only with nothing unpaid on it, only
   * to an account. The tenancy's holder and name change (checked and written in one statement),
   * its rent goes with it (`standing.transfer`, which cancels a rent bill still open for the old
   * holder), the old tenant's next of kin is no longer the tenancy's; audited as `tenancy
   * transferred`. A refusal stops the issue with a sentence the officer can act on.
   */
  async function transferTenancy(tx: Db, row: Parameters<IssuedListener>[1]['row']): Promise<void> {
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const tenancyNo = String(values.tenancy_no ?? '')
      .trim()
      .toUpperCase();
    const [tenancy] = await tx
      .select()
      .from(tenancies)
      .where(eq(tenancies.tenancyNo, tenancyNo))
      .for('update')
      .limit(1);
    if (tenancy?.status !== 'active' || tenancy.userId !== row.userId)
      throw conflict(
        `Tenancy ${tenancyNo} is no longer held by the applicant, so it cannot be transferred.`,
        'tenancy_not_held',
      );
    if (tenancy.obligationId) {
      const obligation = await standing.find(COUNTY_RENT, tenancyNo, tx);
      const summary = obligation ? await standing.summary(obligation, tx) : undefined;
      if (summary && summary.balanceCents > 0)
        throw conflict(
          `${formatKes(summary.balanceCents)} of rent is still unpaid on tenancy ${tenancyNo}: it must be cleared (at /county-rent) before the transfer is issued.`,
          'balance_due',
        );
    }
    const phone = String(values.new_tenant_phone ?? '');
    const [newTenant] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, phone))
      .limit(1);
    if (!newTenant)
      throw conflict(
        'The new tenant has no account of the county portal with the phone number given.',
        'no_account',
      );
    const to = {
      userId: newTenant.id,
      tenantName: String(values.new_tenant_name ?? ''),
      tenantIdNumber: String(values.new_tenant_id_number ?? ''),
      tenantPhone: phone,
    };
    const moved = await tx
      .update(tenancies)
      .set(to)
      .where(
        and(
          eq(tenancies.tenancyNo, tenancyNo),
          eq(tenancies.userId, row.userId),
          eq(tenancies.status, 'active'),
        ),
      )
      .returning({ tenancyNo: tenancies.tenancyNo });
    if (moved.length === 0)
      throw conflict('This tenancy changed meanwhile. Please try again.', 'changed_meanwhile');
    await tx.delete(tenancyNextOfKin).where(eq(tenancyNextOfKin.tenancyNo, tenancyNo));
    const actor = { type: 'system' as const, id: `issue:${row.applicationNo}` };
    if (tenancy.obligationId)
      await standing.transfer(
        tx,
        tenancy.obligationId,
        { userId: to.userId, customerName: to.tenantName },
        actor,
      );
    await recordAudit(tx, {
      actor,
      entityType: 'tenancy',
      entityId: tenancyNo,
      action: 'transferred',
      fromState: tenancy.userId,
      toState: to.userId,
      data: {
        application_no: row.applicationNo,
        from_name: tenancy.tenantName,
        to_name: to.tenantName,
        relationship: values.relationship ?? null,
      },
    });
  }

  /** An issued next-of-kin application records its next of kin on the tenancy (audited). */
  const recordIssued: IssuedListener = async (tx, { row }) => {
    if (row.serviceId === 'tenancy-transfer') return transferTenancy(tx, row);
    if (row.serviceId !== 'next-of-kin') return;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const tenancyNo = String(values.tenancy_no ?? '')
      .trim()
      .toUpperCase();
    const kin = {
      name: String(values.kin_name ?? ''),
      idNumber: String(values.kin_id_number ?? ''),
      relationship: String(values.relationship ?? ''),
      phone: String(values.kin_phone ?? ''),
      applicationNo: row.applicationNo,
    };
    await tx
      .insert(tenancyNextOfKin)
      .values({ tenancyNo, ...kin })
      .onConflictDoUpdate({ target: tenancyNextOfKin.tenancyNo, set: { ...kin, recordedAt: new Date() } });
    await recordAudit(tx, {
      actor: { type: 'user', id: row.userId },
      entityType: 'tenancy',
      entityId: tenancyNo,
      action: 'next_of_kin_recorded',
      data: { application_no: row.applicationNo, relationship: kin.relationship },
    });
  };

  return {
    /** The estates office's allocation from the waiting list (allocation.ts). */
    waitingListOf: allocation.waitingList,
    allocate: allocation.allocate,
    validateApplication,
    recordIssued,
    settleCarried,
    placeOnIssue,

    /**
     * Opens the rent (a standing obligation) of every active tenancy that has none yet, from its
     * `rent_from` month; answers how many were opened. Run at start-up (after the seed) and after a
     * tenancy is created; opening twice answers the one there is (the core's unique kind+reference).
     */
    async openRents(): Promise<number> {
      const waiting = await rows(and(isNull(tenancies.obligationId), eq(tenancies.status, 'active')));
      for (const row of waiting)
        await db.transaction((tx) => openRentIn(tx, standing, { ...row, estate: row.estate }));
      return waiting.length;
    },

    /** The caller's tenancies with their rent and balance. */
    async list(userId: string, language: AccountLanguage = 'en'): Promise<Tenancy[]> {
      const own = await rows(eq(tenancies.userId, userId));
      return Promise.all(own.map(async (row) => (await tenancyOf(row, language)).tenancy));
    },

    /** One of the caller's tenancies with its statement (month by month) and payments. */
    async detail(
      userId: string,
      tenancyNo: string,
      language: AccountLanguage = 'en',
    ): Promise<TenancyDetail> {
      const { tenancy, summary } = await tenancyOf(await own(userId, tenancyNo), language);
      return {
        ...tenancy,
        statement: summary ? standing.statement(summary.ledger) : [],
        payments: (summary?.ledger.payments ?? []).map((p) => ({
          amount_cents: p.amountCents,
          bill_no: p.billNo,
          reference: p.reference,
          paid_at: p.paidAt.toISOString(),
        })),
      };
    },

    /**
     * The caller's places on the county's waiting lists (decision 036): each paid application for
     * allocation, and its place now — one after the paid applications of the same estate and kind
     * of unit made before it, in the order they were made.
     */
    async waitingList(userId: string): Promise<WaitingEntry[]> {
      const mine = await db
        .select()
        .from(applications)
        .where(
          and(
            eq(applications.userId, userId),
            eq(applications.serviceId, PROPERTY_MANAGEMENT),
            sql`${applications.values}->>'request' = 'allocation'`,
            inArray(applications.status, [...ON_THE_LIST]),
            // Allocated a house: off the list (the tenancy is on /properties).
            notAllocated,
          ),
        )
        .orderBy(asc(applications.createdAt));
      const names = new Map(
        (await db.select({ code: estates.code, name: estates.name }).from(estates)).map((e) => [
          e.code,
          e.name,
        ]),
      );
      return Promise.all(
        mine.map(async (row) => {
          const estate = String(row.values.estate ?? '');
          const use = String(row.values.unit_use ?? '') as WaitingEntry['unit_use'];
          return {
            application_no: row.applicationNo,
            estate: names.get(estate) ?? row.valueLabels.estate ?? estate,
            estate_code: estate,
            unit_use: use,
            place: await placeOf(db, row),
            status: row.status,
          };
        }),
      );
    },

    /** A bill of the tenancy's balance and `months` months ahead (the core's billFor), in the asker's language. */
    async bill(
      userId: string,
      tenancyNo: string,
      months: number,
      requestId?: string,
      language: 'en' | 'sw' = 'en',
    ): Promise<Bill> {
      const row = await own(userId, tenancyNo);
      if (!row.obligationId) throw tenancyNotFound();
      return standing.billFor(row.obligationId, months, { type: 'user', id: userId }, requestId, language);
    },
  };
}

export type EstatesService = ReturnType<typeof createEstatesService>;
