import { landRatesBill } from '@kaunti/catalogue/services/land/land-rates-bill/definition';
import type { Bill } from '@kaunti/contract/api-bills';
import { parcelNotFoundMessage, ratesPaidMessage } from '@kaunti/contract/api-land';
import { maskName } from '@kaunti/contract/masking';
import { eq } from 'drizzle-orm';
import { priceService } from '../../core/applications/fees';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { type BillLanguage, type BillService, isOpenObligationClash } from '../../core/bills/bill-service';
import { kenyaToday } from '../../core/bills/kenya-date';
import type { CountyService } from '../../core/county/county-service';
import type { Db } from '../../platform/db/database';
import { AppError, conflict, notFound } from '../../platform/errors';
import { holderOf, isRatedOwner, type ParcelRow, requireParcel } from './parcel-register';
import { landRatingSettings, landUses, parcels } from './schema';

export interface LandDeps {
  db: Db;
  bills: BillService;
  county: CountyService;
}

/** The obligation a parcel's rates of a year are (the source key of their bill). */
export const ratesSourceKey = (parcel: ParcelRow, year: number) => `land-rates:${parcel.lrKey}:${year}`;

async function ratesBill(
  deps: LandDeps,
  userId: string | null,
  lrNumber: string,
  requestId?: string,
  language: BillLanguage = 'en',
): Promise<Bill> {
  const { db, bills } = deps;
  const found = await requireParcel(db, lrNumber);
  const [use] = await db.select().from(landUses).where(eq(landUses.code, found.landUseCode)).limit(1);
  const county = await deps.county.get();
  const [rating] = await db
    .select()
    .from(landRatingSettings)
    .where(eq(landRatingSettings.countyCode, county.code))
    .limit(1);
  if (!use || !rating) {
    throw new AppError(503, 'service_unavailable', 'Land rates are not set up yet. Please try again later.');
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

/**
 * A parcel's rates bill: the current one raised (or found) for whoever asks, and a paid one settled
 * into the parcel register.
 */
export function createRatesBills(deps: LandDeps) {
  const { bills } = deps;
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

  return {
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
        return await ratesBill(deps, userId, lrNumber, requestId, language);
      } catch (error) {
        if (!isOpenObligationClash(error)) throw error;
        return ratesBill(deps, userId, lrNumber, requestId, language);
      }
    },
  };
}
