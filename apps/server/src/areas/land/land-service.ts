import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import { landRatesBill } from '@kaunti/catalogue/services/land/land-rates-bill/definition';
import type { Bill } from '@kaunti/contract/api-bills';
import {
  type Parcel,
  type ParcelClaim,
  parcelAlreadyYoursMessage,
  parcelClaimRecordedMessage,
  parcelLinkedMessage,
  parcelNotFoundMessage,
  ratesPaidMessage,
} from '@kaunti/contract/api-land';
import { maskName } from '@kaunti/contract/masking';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';
import type { AreaValidator } from '../../core/applications/application-service';
import { feeAmountsOf, priceService } from '../../core/applications/fees';
import { type Actor, recordAudit } from '../../core/audit/audit';
import {
  type BillLanguage,
  type BillService,
  fullName,
  isOpenObligationClash,
} from '../../core/bills/bill-service';
import { kenyaToday } from '../../core/bills/kenya-date';
import { bills as billsTable } from '../../core/bills/schema';
import type { CountyService } from '../../core/county/county-service';
import { subCounties, wards } from '../../core/county/schema';
import type { Db } from '../../platform/db/database';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import { OPEN_CLAIM_STATUSES, type ParcelClaimStatus, parcelClaimStatus } from './claim-status';
import { lrKey } from './lr-number';
import {
  customerParcels,
  groundRentServiceTypes,
  groundRentZones,
  landConsultants,
  landRatingSettings,
  landReasons,
  landServices,
  landUses,
  parcelClaims,
  parcels,
  surveyServiceTypes,
} from './schema';

type ParcelRow = typeof parcels.$inferSelect;

/** A link answers 200 with the parcel, or 202 when it became an ownership claim. */
export type LinkOutcome =
  | { status: 200; body: { success: true; message: string; parcel: Parcel } }
  | { status: 202; body: { success: false; message: string; claim: ParcelClaim } };

/** round(value × ppm / 1e6), as the catalogue's land-rates rule computes it. */
function ratesOf(siteValueCents: number, ratePpm: number): number {
  return Number((BigInt(siteValueCents) * BigInt(ratePpm) + 500_000n) / 1_000_000n);
}

/**
 * The land area: reference lists, the parcel register, linking parcels to accounts, the current
 * rates bill, and the checks it adds to land applications (the engine does the rest).
 */
export function createLandService(deps: { db: Db; bills: BillService; county: CountyService }) {
  const { db, bills } = deps;

  async function findParcel(lrNumber: string, tx: Db = db): Promise<ParcelRow | undefined> {
    const [row] = await tx
      .select()
      .from(parcels)
      .where(eq(parcels.lrKey, lrKey(lrNumber)))
      .limit(1);
    return row;
  }

  async function requireParcel(lrNumber: string, tx: Db = db): Promise<ParcelRow> {
    const row = await findParcel(lrNumber, tx);
    if (!row) throw notFound(parcelNotFoundMessage(lrNumber.trim()));
    return row;
  }

  async function present(rows: ParcelRow[], userId: string): Promise<Parcel[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [uses, scs, ws, links] = await Promise.all([
      db.select().from(landUses),
      db.select().from(subCounties),
      db.select().from(wards),
      db.select().from(customerParcels).where(inArray(customerParcels.parcelId, ids)),
    ]);
    return rows.map((r) => {
      const use = uses.find((u) => u.code === r.landUseCode);
      return {
        lr_number: r.lrNumber,
        sub_county_code: r.subCountyCode,
        sub_county_name: scs.find((s) => s.code === r.subCountyCode)?.name ?? r.subCountyCode,
        ward_code: r.wardCode,
        ward_name: ws.find((w) => w.code === r.wardCode)?.name ?? r.wardCode,
        land_use_code: r.landUseCode,
        land_use: use?.description ?? r.landUseCode,
        area_sq_ft: r.areaSqFt,
        area_hectares: ((r.areaSqFt * 0.09290304) / 10_000).toFixed(4),
        site_value_cents: r.siteValueCents,
        annual_rates_cents: ratesOf(r.siteValueCents, use?.ratePpm ?? 0),
        arrears_cents: r.arrearsCents,
        owner_name: maskName(r.ownerName),
        linked_to_me: links.some((l) => l.parcelId === r.id && l.userId === userId),
      };
    });
  }

  /**
   * The land area's own rule: the parcel must be in the county's register. (Choices from the
   * reference lists — sub-county, ward, land use, zone, survey type, surveyor — are checked by
   * the engine for every service, by list name: core/applications/reference-choices.ts.)
   */
  const validateApplication: AreaValidator = async ({ service, values }) => {
    const parcelField = fieldsOf(service).find((f) => f.kind === 'parcel');
    const lr = parcelField ? values[parcelField.name] : undefined;
    if (typeof lr === 'string' && lr && !(await findParcel(lr)))
      return [{ path: parcelField!.name, message: parcelNotFoundMessage(lr) }];
    return [];
  };

  /** The account a parcel's obligations sit on: the linked one, else the rated owner's own. */
  async function holderOf(tx: Db, parcel: ParcelRow): Promise<string | null> {
    const [link] = await tx
      .select({ userId: customerParcels.userId })
      .from(customerParcels)
      .where(eq(customerParcels.parcelId, parcel.id))
      .limit(1);
    if (link) return link.userId;
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.identifier, parcel.ownerIdentifier))
      .limit(1);
    return owner?.id ?? null;
  }

  /** Whether the user is the parcel's rated owner (their ID number or KRA PIN is the owner's). */
  async function isRatedOwner(tx: Db, userId: string, parcel: ParcelRow): Promise<boolean> {
    const [user] = await tx
      .select({ identifier: users.identifier })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return (
      user !== undefined &&
      user.identifier.trim().toUpperCase() === parcel.ownerIdentifier.trim().toUpperCase()
    );
  }

  type ClaimRow = typeof parcelClaims.$inferSelect;

  function presentClaim(row: ClaimRow, lrNumber: string): ParcelClaim {
    return {
      id: row.id,
      lr_number: lrNumber,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
      decision_reason: row.decisionReason,
    };
  }

  /**
   * Links the parcel to `userId` (replacing `previous`, if any) and moves the parcel's open
   * rates bill onto that account's obligations; audited.
   */
  async function linkTo(
    tx: Db,
    parcel: ParcelRow,
    userId: string,
    previous: string | null,
    actor: Actor,
    requestId?: string,
  ) {
    if (previous) await tx.delete(customerParcels).where(eq(customerParcels.parcelId, parcel.id));
    await tx.insert(customerParcels).values({ parcelId: parcel.id, userId });
    await recordAudit(tx, {
      actor,
      entityType: 'parcel',
      entityId: parcel.lrNumber,
      action: previous ? 'relinked_to_customer' : 'linked_to_customer',
      data: { user_id: userId, ...(previous ? { previous_user_id: previous } : {}) },
      ...(requestId ? { requestId } : {}),
    });
    const open = await bills.findOpenBySource(tx, ratesSourceKey(parcel, kenyaToday().year));
    if (open) await bills.moveToAccount(tx, open, userId, actor, requestId);
  }

  const ratesSourceKey = (parcel: ParcelRow, year: number) => `land-rates:${parcel.lrKey}:${year}`;

  async function ratesBill(
    userId: string | null,
    lrNumber: string,
    requestId?: string,
    language: BillLanguage = 'en',
  ): Promise<Bill> {
    const found = await requireParcel(lrNumber);
    const [use] = await db.select().from(landUses).where(eq(landUses.code, found.landUseCode)).limit(1);
    const county = await deps.county.get();
    const [rating] = await db
      .select()
      .from(landRatingSettings)
      .where(eq(landRatingSettings.countyCode, county.code))
      .limit(1);
    if (!use || !rating) {
      throw new AppError(
        503,
        'service_unavailable',
        'Land rates are not set up yet. Please try again later.',
      );
    }
    const { year } = kenyaToday();
    const sourceKey = ratesSourceKey(found, year);
    const actor: Actor = userId ? { type: 'user', id: userId } : { type: 'anonymous' };
    // Whoever asks for a bill that sits on another account (a relative's parcel) finds it again
    // under "bills you asked for" (issue 36 item 21); the owner's name masked unless they are the
    // rated owner. A caller with no account (USSD) is remembered by no one.
    const rememberAsker = async (tx: Db, billNo: string, parcel: ParcelRow) => {
      if (userId === null) return;
      await bills.recordRequest(tx, {
        billNo,
        userId,
        masked: !(await isRatedOwner(tx, userId, parcel)),
        ...(requestId ? { requestId } : {}),
      });
    };
    // Only `tx` inside the transaction: PGlite runs one connection, so `db` would wait for it.
    const result = await db.transaction(async (tx) => {
      // The parcel's row lock makes requests for one parcel take turns; the unique index is the
      // last word should anything else raise its bill meanwhile.
      const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, found.id)).for('update');
      if (!parcel) throw notFound(parcelNotFoundMessage(lrNumber.trim()));
      // A paid rates bill covered everything owed when it was raised (this year's rates, the
      // arrears and their penalty to date): the parcel owes nothing more this year.
      if ((parcel.ratesPaidYear ?? 0) >= year || (await bills.isSourcePaid(tx, sourceKey)))
        throw conflict(ratesPaidMessage(parcel.lrNumber, year), 'already_paid');
      const lines = await priceService(
        tx,
        landRatesBill,
        { lr_number: parcel.lrNumber },
        {
          parcel: {
            lr_number: parcel.lrNumber,
            site_value_cents: parcel.siteValueCents,
            arrears_cents: parcel.arrearsCents,
            rate_ppm: use.ratePpm,
          },
          rating: { penalty_monthly_ppm: rating.penaltyMonthlyPpm },
        },
      );
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      if (total <= 0) throw conflict(`Parcel ${parcel.lrNumber} has no rates to pay.`, 'nothing_to_pay');
      const holder = await holderOf(tx, parcel);
      const open = await bills.findOpenBySource(tx, sourceKey);
      if (open && (open.status === 'partially_paid' || open.totalCents === total)) {
        const row = await bills.moveToAccount(tx, open, holder, actor, requestId);
        await rememberAsker(tx, row.billNo, parcel);
        return { row, parcel };
      }
      if (open) await bills.cancel(tx, open.billNo, actor, 'replaced by a newer rates bill', requestId);
      const raised = await bills.raise(tx, {
        userId: holder,
        customerName: parcel.ownerName,
        description: `Land rates ${year}: ${parcel.lrNumber}`,
        descriptionSw: `Kodi ya ardhi ${year}: ${parcel.lrNumber}`,
        lines,
        serviceId: landRatesBill.id,
        sourceKey,
        subCountyCode: parcel.subCountyCode,
        dueDate: `${year}-12-31`,
        actor,
        ...(requestId ? { requestId } : {}),
      });
      await rememberAsker(tx, raised.bill_no, parcel);
      return { bill: raised, parcel, holder };
    });
    const bill =
      (language === 'en' ? result.bill : await bills.presentByNo(result.bill?.bill_no ?? '', language)) ??
      (await bills.present([result.row!], language))[0]!;
    const owner = userId !== null && (await isRatedOwner(db, userId, result.parcel));
    return owner ? bill : { ...bill, customer_name: maskName(result.parcel.ownerName) };
  }

  // A paid rates bill is settled into the parcel register (decision 003's consequence): the
  // arrears it covered are cleared and the year is recorded as paid, so the arrears, rates
  // search statements and clearance read the truth.
  bills.onObligationPaid('land-rates', async (tx, bill, requestId) => {
    const [, key, yearText] = bill.sourceKey!.split(':');
    const year = Number(yearText);
    const [parcel] = await tx.select().from(parcels).where(eq(parcels.lrKey, key!)).for('update').limit(1);
    if (!parcel || !Number.isInteger(year)) return;
    await tx
      .update(parcels)
      .set({
        arrearsCents: 0,
        ratesPaidYear: Math.max(year, parcel.ratesPaidYear ?? 0),
        updatedAt: new Date(),
      })
      .where(eq(parcels.id, parcel.id));
    await recordAudit(tx, {
      actor: { type: 'system', id: 'land-rates' },
      entityType: 'parcel',
      entityId: parcel.lrNumber,
      action: 'rates_settled',
      data: { bill_no: bill.billNo, year, arrears_cleared_cents: parcel.arrearsCents },
      ...(requestId ? { requestId } : {}),
    });
  });

  /**
   * A rates clearance certificate (and a land owner amendment) certifies only what is true: the
   * parcel's rates are paid for the year (no arrears) and the applicant holds the parcel (linked
   * to their account, or registered to their ID number or KRA PIN; a pending claim is not
   * holding). The officer sees the register's owner, rates and land use beside the answers; while
   * a problem is listed, the application is not approved or issued (core/staff/backoffice-service).
   */
  /** The application names the register's owner (ID number or KRA PIN) and attaches their consent. */
  function namesOwnerWithConsent(values: Record<string, unknown>, parcel: ParcelRow): boolean {
    const id = values.owner_id_number;
    return (
      values.applicant_capacity === 'consent' &&
      typeof id === 'string' &&
      id.replace(/\s/g, '').toUpperCase() === parcel.ownerIdentifier.trim().toUpperCase() &&
      typeof values.ownerConsent === 'string' &&
      values.ownerConsent !== ''
    );
  }

  async function registerCheck(
    on: Db,
    application: { userId: string; values: Record<string, unknown> },
  ): Promise<{ facts: { label: string; value: string }[]; problems: string[] }> {
    const lr = application.values.lr_number;
    const parcel = typeof lr === 'string' ? await findParcel(lr, on) : undefined;
    if (!parcel) return { facts: [], problems: [parcelNotFoundMessage(typeof lr === 'string' ? lr : '')] };
    const { year } = kenyaToday();
    const [use] = await on.select().from(landUses).where(eq(landUses.code, parcel.landUseCode)).limit(1);
    const [link] = await on
      .select({ userId: customerParcels.userId })
      .from(customerParcels)
      .where(eq(customerParcels.parcelId, parcel.id))
      .limit(1);
    const owner = await isRatedOwner(on, application.userId, parcel);
    // A service that lets the applicant name the owner (a building plan) accepts the register's
    // owner, named by their ID number or KRA PIN as the register has it, with their consent attached.
    const named = namesOwnerWithConsent(application.values, parcel);
    const holds = link?.userId === application.userId || owner || named;
    const open = await on
      .select({ total: billsTable.totalCents, paid: billsTable.paidCents })
      .from(billsTable)
      .where(
        and(
          eq(billsTable.sourceKey, ratesSourceKey(parcel, year)),
          inArray(billsTable.status, ['unpaid', 'partially_paid']),
        ),
      )
      .limit(1);
    const paidThisYear = (parcel.ratesPaidYear ?? 0) >= year;
    const shillings = (cents: number) =>
      `KES ${(cents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`;
    const facts = [
      { label: 'Registered owner', value: `${parcel.ownerName} (${parcel.ownerIdentifier})` },
      { label: 'Land use in the register', value: use?.description ?? parcel.landUseCode },
      {
        label: 'Rates paid up to',
        value: parcel.ratesPaidYear ? String(parcel.ratesPaidYear) : 'No year recorded as paid',
      },
      { label: 'Arrears in the register', value: shillings(parcel.arrearsCents) },
      {
        label: 'Open rates bill',
        value: open[0] ? `${shillings(open[0].total - open[0].paid)} to pay` : 'None',
      },
      {
        label: 'Held by the applicant',
        value: holds
          ? link?.userId === application.userId
            ? 'Yes: linked to their account'
            : owner
              ? 'Yes: registered to their ID number or KRA PIN'
              : "Named: the register's owner, with their consent attached"
          : 'No',
      },
    ];
    const problems: string[] = [];
    if (!paidThisYear || parcel.arrearsCents > 0)
      problems.push(`The rates of parcel ${parcel.lrNumber} are not paid for ${year}.`);
    if (!holds)
      problems.push(
        `The applicant does not hold parcel ${parcel.lrNumber}: it is not linked to their account.`,
      );
    return { facts, problems };
  }

  return {
    validateApplication,
    findParcel,
    registerCheck,

    async landUses(code?: string) {
      const rows = await db
        .select()
        .from(landUses)
        .where(code ? eq(landUses.code, code.trim().toUpperCase()) : undefined)
        .orderBy(asc(landUses.position));
      return rows.map((r) => ({ land_use_code: r.code, description: r.description }));
    },
    async reasons() {
      const rows = await db.select().from(landReasons).orderBy(asc(landReasons.position));
      return rows.map((r) => ({ reason_code: r.code, description: r.description }));
    },
    async groundRentServiceTypes() {
      const rows = await db.select().from(groundRentServiceTypes).orderBy(asc(groundRentServiceTypes.code));
      return rows.map((r) => ({ service_type_code: r.code, name: r.name, description: r.description }));
    },
    async groundRentZones(filter: { wardCode?: string | undefined; subCountyCode?: string | undefined }) {
      const where = [
        ...(filter.wardCode ? [eq(groundRentZones.wardCode, filter.wardCode)] : []),
        ...(filter.subCountyCode ? [eq(groundRentZones.subCountyCode, filter.subCountyCode)] : []),
      ];
      const [rows, fees] = await Promise.all([
        db
          .select()
          .from(groundRentZones)
          .where(where.length ? and(...where) : undefined)
          .orderBy(asc(groundRentZones.code)),
        // What is charged today: the tariff rows in force (a county's change included).
        feeAmountsOf(db, 'ground-rent'),
      ]);
      return rows.map((r) => ({
        zone_code: r.code,
        zone_name: r.name,
        sub_county_code: r.subCountyCode,
        ward_code: r.wardCode,
        ground_rent_cents: fees.get(`${r.code}:GR`) ?? r.groundRentCents,
        stand_premium_cents: fees.get(`${r.code}:SP`) ?? r.standPremiumCents,
      }));
    },
    async landServices() {
      const rows = await db.select().from(landServices).orderBy(asc(landServices.position));
      return rows.map((r) => ({ land_service_code: r.code, name: r.name, description: r.description }));
    },
    async surveyServiceTypes(landServiceCode?: string) {
      const [rows, fees] = await Promise.all([
        db
          .select()
          .from(surveyServiceTypes)
          .where(landServiceCode ? eq(surveyServiceTypes.landServiceCode, landServiceCode) : undefined)
          .orderBy(asc(surveyServiceTypes.position)),
        feeAmountsOf(db, 'land-survey'),
      ]);
      return rows.map((r) => ({
        service_type_code: r.code,
        land_service_code: r.landServiceCode,
        name: r.name,
        description: r.description,
        fee_cents: fees.get(r.code) ?? r.feeCents,
      }));
    },
    async consultants(profession?: 'surveyor' | 'valuer' | 'planner') {
      const rows = await db
        .select()
        .from(landConsultants)
        .where(profession ? eq(landConsultants.profession, profession) : undefined)
        .orderBy(asc(landConsultants.name));
      return rows.map((r) => ({
        consultant_code: r.code,
        name: r.name,
        firm: r.firm,
        profession: r.profession,
        licence_no: r.licenceNo,
        phone: r.phone,
        email: r.email,
      }));
    },

    /** A parcel of the register, as an applicant sees it (owner masked); 404 when unknown. */
    async validateParcel(userId: string, lrNumber: string): Promise<Parcel> {
      const [parcel] = await present([await requireParcel(lrNumber)], userId);
      return parcel!;
    },

    /** The parcels linked to the user's account. */
    async myParcels(userId: string): Promise<Parcel[]> {
      const rows = await db
        .select({ parcel: parcels })
        .from(customerParcels)
        .innerJoin(parcels, eq(parcels.id, customerParcels.parcelId))
        .where(eq(customerParcels.userId, userId))
        .orderBy(asc(customerParcels.linkedAt));
      return present(
        rows.map((r) => r.parcel),
        userId,
      );
    },

    /**
     * Links a parcel to the user (decision 007): only when the account's ID number or KRA PIN is
     * the registered owner's. The owner is never locked out: a link held by an account that is
     * not the owner's moves to the owner (audited). Anyone else's request becomes an ownership
     * claim (one pending per parcel and account) that county lands staff decide. Unknown → 404;
     * already linked to this account → 409 with its own message.
     */
    async link(userId: string, lrNumber: string, requestId?: string): Promise<LinkOutcome> {
      const found = await requireParcel(lrNumber);
      const actor: Actor = { type: 'user', id: userId };
      const outcome = await db.transaction(async (tx) => {
        const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, found.id)).for('update');
        const [holder] = await tx
          .select({ userId: customerParcels.userId })
          .from(customerParcels)
          .where(eq(customerParcels.parcelId, found.id))
          .limit(1);
        if (holder?.userId === userId) return { kind: 'already' as const };
        if (!(await isRatedOwner(tx, userId, parcel!))) {
          const [existing] = await tx
            .select()
            .from(parcelClaims)
            .where(
              and(
                eq(parcelClaims.parcelId, found.id),
                eq(parcelClaims.userId, userId),
                inArray(parcelClaims.status, [...OPEN_CLAIM_STATUSES]),
              ),
            )
            .limit(1);
          if (existing) return { kind: 'claim' as const, claim: existing };
          const [claim] = await tx
            .insert(parcelClaims)
            .values({ parcelId: found.id, userId, status: 'pending' })
            .returning();
          await recordAudit(tx, {
            actor,
            entityType: 'parcel_claim',
            entityId: claim!.id,
            action: 'claimed',
            toState: 'pending',
            data: { lr_number: found.lrNumber },
            ...(requestId ? { requestId } : {}),
          });
          return { kind: 'claim' as const, claim: claim! };
        }
        await linkTo(tx, parcel!, userId, holder?.userId ?? null, actor, requestId);
        return { kind: 'linked' as const };
      });
      if (outcome.kind === 'already')
        throw conflict(parcelAlreadyYoursMessage(found.lrNumber), 'already_yours');
      if (outcome.kind === 'claim') {
        return {
          status: 202,
          body: {
            success: false as const,
            message: parcelClaimRecordedMessage(found.lrNumber),
            claim: presentClaim(outcome.claim, found.lrNumber),
          },
        };
      }
      const [view] = await present([found], userId);
      return {
        status: 200,
        body: { success: true as const, message: parcelLinkedMessage(found.lrNumber), parcel: view! },
      };
    },

    /** The user's own ownership claims, newest first. */
    async myClaims(userId: string): Promise<ParcelClaim[]> {
      const rows = await db
        .select({ claim: parcelClaims, lr: parcels.lrNumber })
        .from(parcelClaims)
        .innerJoin(parcels, eq(parcels.id, parcelClaims.parcelId))
        .where(eq(parcelClaims.userId, userId))
        .orderBy(desc(parcelClaims.createdAt));
      return rows.map((r) => presentClaim(r.claim, r.lr));
    },

    /**
     * County land officers: claims in a status (by default every open one: pending, and
     * recommended waiting for a second officer), oldest first, with the claimant, the register's
     * owner and who recommended accepting it.
     */
    async staffClaims(status?: ClaimRow['status']) {
      const recommender = alias(users, 'recommender');
      const rows = await db
        .select({
          claim: parcelClaims,
          parcel: parcels,
          user: users,
          linked: customerParcels.userId,
          recommenderFirst: recommender.firstName,
          recommenderSur: recommender.surName,
        })
        .from(parcelClaims)
        .innerJoin(parcels, eq(parcels.id, parcelClaims.parcelId))
        .innerJoin(users, eq(users.id, parcelClaims.userId))
        .leftJoin(customerParcels, eq(customerParcels.parcelId, parcelClaims.parcelId))
        .leftJoin(recommender, eq(recommender.id, parcelClaims.recommendedBy))
        .where(
          status ? eq(parcelClaims.status, status) : inArray(parcelClaims.status, [...OPEN_CLAIM_STATUSES]),
        )
        .orderBy(asc(parcelClaims.createdAt))
        .limit(200);
      return rows.map((r) => ({
        ...presentClaim(r.claim, r.parcel.lrNumber),
        recommended_by: r.claim.recommendedBy,
        recommended_by_name: r.recommenderFirst ? `${r.recommenderFirst} ${r.recommenderSur}` : null,
        recommendation_reason: r.claim.recommendationReason,
        claimant_name: fullName(r.user.firstName, r.user.middleName, r.user.surName),
        claimant_phone: r.user.phoneNumber,
        claimant_identifier: r.user.identifier,
        registered_owner_name: r.parcel.ownerName,
        registered_owner_identifier: r.parcel.ownerIdentifier,
        linked_to_account: r.linked !== null,
      }));
    },

    /**
     * County land officers decide an open claim, with a reason. Accepting hands the parcel to the
     * claimant, so it takes two officers: the first `accepted` recommends it (`recommended`), a
     * second officer's `accepted` links the parcel to the claimant (taking it from any account that
     * is not the registered owner's); either may reject it, which leaves everything as it is. An
     * officer never decides their own claim, nor accepts what they recommended. Audited.
     */
    async decideClaim(
      claimId: string,
      decision: 'accepted' | 'rejected',
      reason: string,
      officerId: string,
      requestId?: string,
    ): Promise<ParcelClaim> {
      const actor: Actor = { type: 'staff', id: officerId };
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .select()
          .from(parcelClaims)
          .where(eq(parcelClaims.id, claimId))
          .for('update');
        if (!claim) throw notFound('We could not find that ownership claim.');
        if (claim.userId === officerId) throw forbidden('You cannot decide your own ownership claim.');
        // The first officer's acceptance is a recommendation; the second officer's accepts it.
        const to: ParcelClaimStatus =
          decision === 'accepted' && claim.status === 'pending' ? 'recommended' : decision;
        if (to === 'accepted' && claim.recommendedBy === officerId)
          throw forbidden(
            'You recommended accepting this claim: another land officer must accept it (four eyes).',
          );
        parcelClaimStatus.assert(claim.status, to);
        const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, claim.parcelId)).for('update');
        if (to === 'recommended') {
          const [recommended] = await tx
            .update(parcelClaims)
            .set({
              status: 'recommended',
              recommendedBy: officerId,
              recommendedAt: new Date(),
              recommendationReason: reason,
            })
            .where(and(eq(parcelClaims.id, claim.id), eq(parcelClaims.status, 'pending')))
            .returning();
          if (!recommended)
            throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
          await recordAudit(tx, {
            actor,
            entityType: 'parcel_claim',
            entityId: claim.id,
            action: 'recommended',
            fromState: 'pending',
            toState: 'recommended',
            data: { lr_number: parcel!.lrNumber, reason },
            ...(requestId ? { requestId } : {}),
          });
          return presentClaim(recommended, parcel!.lrNumber);
        }
        if (to === 'accepted') {
          const [holder] = await tx
            .select({ userId: customerParcels.userId })
            .from(customerParcels)
            .where(eq(customerParcels.parcelId, parcel!.id))
            .limit(1);
          if (holder && holder.userId !== claim.userId && (await isRatedOwner(tx, holder.userId, parcel!))) {
            throw conflict(
              `Parcel ${parcel!.lrNumber} is linked to its registered owner's account: the claim cannot be accepted.`,
              'owner_linked',
            );
          }
          if (holder?.userId !== claim.userId)
            await linkTo(tx, parcel!, claim.userId, holder?.userId ?? null, actor, requestId);
        }
        const [decided] = await tx
          .update(parcelClaims)
          .set({ status: to, decisionReason: reason, decidedBy: officerId, decidedAt: new Date() })
          .where(and(eq(parcelClaims.id, claim.id), eq(parcelClaims.status, claim.status)))
          .returning();
        if (!decided) throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
        await recordAudit(tx, {
          actor,
          entityType: 'parcel_claim',
          entityId: claim.id,
          action: to,
          fromState: claim.status,
          toState: to,
          data: { lr_number: parcel!.lrNumber, reason },
          ...(requestId ? { requestId } : {}),
        });
        return presentClaim(decided, parcel!.lrNumber);
      });
    },

    /**
     * The parcel's current rates bill (decision 007). Anyone signed in may ask (people pay for
     * relatives, agents for clients; a USSD caller asks with no account, `userId` null) and always
     * gets the parcel's ONE open bill for the year:
     * addressed to the rated owner (masked for anyone but the owner), sitting on the obligations
     * of the account that holds the parcel (linked, else the rated owner's own account) and on
     * no one else's. Once the year is paid, asking again answers 409 with ratesPaidMessage. An
     * unpaid bill whose amount changed (a new month's penalty) is cancelled and replaced; a
     * part-paid one is kept (its balance is what is owed). The database refuses a second open
     * bill for the parcel-year (`bills_open_obligation_uq`), so two requests at once cannot
     * make two: the loser answers the winner's bill.
     */
    /** `language`: the lines' words (Kiswahili where the rule gives them). */
    async currentRatesBill(
      userId: string | null,
      lrNumber: string,
      requestId?: string,
      language: BillLanguage = 'en',
    ): Promise<Bill> {
      try {
        return await ratesBill(userId, lrNumber, requestId, language);
      } catch (error) {
        if (!isOpenObligationClash(error)) throw error;
        return ratesBill(userId, lrNumber, requestId, language);
      }
    },

    /** For accounts' customer check: a parcel owner is a customer the county knows. */
    customerRecordSource: {
      async find(identifier: string) {
        const [row] = await db
          .select({ name: parcels.ownerName })
          .from(parcels)
          .where(eq(parcels.ownerIdentifier, identifier.trim().toUpperCase()))
          .limit(1);
        return row ? { name: row.name } : null;
      },
    },
  };
}

export type LandService = ReturnType<typeof createLandService>;
