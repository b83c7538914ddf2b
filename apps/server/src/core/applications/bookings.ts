import {
  availabilityOf,
  bookedBy,
  daysBetween,
  MAX_AVAILABILITY_DAYS,
  unitsOf,
} from '@kaunti/catalogue/bookings';
import { findService } from '@kaunti/catalogue/catalogue';
import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { badRequest, conflict } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import type { BillService } from '../bills/bill-service';
import { bills } from '../bills/schema';
import { payments } from '../payments/schema';
import type { ApplicationTransitions, StatusListener } from './application-transitions';
import { applications, bookingHolds } from './schema';
import { invalid } from './submission-checks';

/** The answer to a booking of something another application holds for that day or slot. */
export const BOOKING_TAKEN =
  'This is already booked for the day and time you chose. Please choose another time, or another one.';

/** An M-Pesa prompt answered within this long keeps an unpaid booking past its time. */
const PROMPT_GRACE_MS = 5 * 60_000;

const SYSTEM: Actor = { type: 'system', id: 'booking-holds' };

/**
 * Bookings (decision 031), for every service whose definition declares one: what its answers
 * book (`bookedBy`: a resource and its days or slots) is held by a row per unit whose key is the
 * unit, so two applications never hold one, however many submit at once (PGlite and PostgreSQL
 * alike: the second insert waits for the first and finds its row). An unpaid booking holds for
 * its service's `hold_minutes`; after that the next booking that wants one of its units — or the
 * `booking holds` job — cancels its application and bill, unless a payment prompt is under way
 * or part of it was paid. Paid, it holds until its application is cancelled or rejected.
 */
export function createBookings(deps: {
  bills: Pick<BillService, 'cancel'>;
  transitions: Pick<ApplicationTransitions, 'lockApplication' | 'transition'>;
}) {
  const { lockApplication, transition } = deps.transitions;

  /** A 400 naming the field when the answers make no booking (the last day before the first). */
  function check(service: ServiceDefinition, values: Record<string, unknown>): void {
    const booked = bookedBy(service, values);
    if (booked && 'problem' in booked) invalid([booked.problem]);
  }

  /**
   * Cancels an application whose unpaid booking is past its time (locked first; anything that
   * changed meanwhile leaves it alone). True when it was cancelled, its units free.
   */
  async function expire(tx: Db, applicationId: string, now: Date): Promise<boolean> {
    const row = await lockApplication(tx, eq(applications.id, applicationId));
    if (row?.status !== 'awaiting_payment' || !row.billNo) return false;
    const [late] = await tx
      .select({ holdUntil: bookingHolds.holdUntil })
      .from(bookingHolds)
      .where(and(eq(bookingHolds.applicationId, applicationId), lt(bookingHolds.holdUntil, now)))
      .limit(1);
    if (!late) return false;
    const [bill] = await tx
      .select({ id: bills.id, status: bills.status })
      .from(bills)
      .where(eq(bills.billNo, row.billNo))
      .limit(1);
    if (bill?.status !== 'unpaid') return false;
    const [prompt] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.billId, bill.id),
          eq(payments.status, 'pending'),
          gt(payments.createdAt, new Date(now.getTime() - PROMPT_GRACE_MS)),
        ),
      )
      .limit(1);
    if (prompt) return false;
    const minutes = findService(row.serviceId)?.booking?.hold_minutes;
    const note = `Not paid within ${minutes ?? 'the'} minutes of booking: what it booked is free again.`;
    await deps.bills.cancel(tx, row.billNo, SYSTEM, 'booking not paid in time');
    await transition(tx, row, 'awaiting_payment', 'cancelled', SYSTEM, { note });
    return true;
  }

  /**
   * Holds what the answers book for the application, in the caller's transaction: units held
   * past their time by an unpaid booking are freed first; any still held by another is a 409
   * (and the caller's transaction, with its application and bill, rolls back).
   */
  async function claim(
    tx: Db,
    service: ServiceDefinition,
    values: Record<string, unknown>,
    applicationId: string,
    holdUntil: Date | null,
  ): Promise<void> {
    const booked = bookedBy(service, values);
    if (!booked || 'problem' in booked) return;
    const now = new Date();
    const taken = and(
      eq(bookingHolds.resourceKind, booked.kind),
      eq(bookingHolds.resource, booked.resource),
      inArray(bookingHolds.unit, booked.units),
    );
    const late = await tx
      .selectDistinct({ applicationId: bookingHolds.applicationId })
      .from(bookingHolds)
      .where(and(taken, lt(bookingHolds.holdUntil, now)));
    for (const holder of late) await expire(tx, holder.applicationId, now);
    const held = await tx
      .insert(bookingHolds)
      .values(
        booked.units.map((unit) => ({
          resourceKind: booked.kind,
          resource: booked.resource,
          unit,
          applicationId,
          holdUntil,
        })),
      )
      .onConflictDoNothing()
      .returning({ unit: bookingHolds.unit });
    if (held.length < booked.units.length) throw conflict(BOOKING_TAKEN, 'booking_taken');
  }

  /** Its status moved: cancelled or rejected frees what it held; paid holds it for good. */
  const onStatusChanged: StatusListener = async (tx, { row, from, to }) => {
    if (to === 'cancelled' || to === 'rejected') {
      await tx.delete(bookingHolds).where(eq(bookingHolds.applicationId, row.id));
    } else if (from === 'awaiting_payment') {
      await tx
        .update(bookingHolds)
        .set({ holdUntil: null })
        .where(and(eq(bookingHolds.applicationId, row.id), isNotNull(bookingHolds.holdUntil)));
    }
  };

  /**
   * What one resource has free from `from` to `to` (at most 31 days): a unit held by a paid
   * booking, or by an unpaid one within its time, is booked; one past its time is free (the next
   * submission takes it). Nothing is held by asking.
   */
  async function availability(
    db: Db,
    service: ServiceDefinition,
    resource: string,
    from: string,
    to: string,
  ) {
    const rule = service.booking!;
    const days = daysBetween(from, to);
    if (days === 0 || days > MAX_AVAILABILITY_DAYS)
      throw badRequest(`Please ask for 1 to ${MAX_AVAILABILITY_DAYS} days, the last on or after the first.`, [
        { path: 'to', message: `1 to ${MAX_AVAILABILITY_DAYS} days from the first` },
      ]);
    const units = unitsOf(service, from, days);
    const held = await db
      .select({ unit: bookingHolds.unit })
      .from(bookingHolds)
      .where(
        and(
          eq(bookingHolds.resourceKind, rule.resource),
          eq(bookingHolds.resource, resource),
          inArray(bookingHolds.unit, units),
          or(isNull(bookingHolds.holdUntil), gt(bookingHolds.holdUntil, new Date())),
        ),
      );
    return {
      service_id: service.id,
      resource,
      unit: rule.slot_field ? ('slot' as const) : ('day' as const),
      days: availabilityOf(service, from, days, new Set(held.map((h) => h.unit))),
    };
  }

  return {
    check,
    claim,
    onStatusChanged,
    availability,

    /** An answer changed the booking: what it held is let go and its new answers held (paid). */
    async reclaim(
      tx: Db,
      service: ServiceDefinition,
      values: Record<string, unknown>,
      applicationId: string,
    ) {
      if (!service.booking) return;
      await tx.delete(bookingHolds).where(eq(bookingHolds.applicationId, applicationId));
      await claim(tx, service, values, applicationId, null);
    },

    /**
     * The `booking holds` job: every application whose unpaid booking is past its time is
     * cancelled with its bill (each in its own transaction). Answers how many.
     */
    async expireUnpaid(db: Db, now = new Date()): Promise<number> {
      const late = await db
        .selectDistinct({ applicationId: bookingHolds.applicationId })
        .from(bookingHolds)
        .where(lt(bookingHolds.holdUntil, now))
        .limit(500);
      let cancelled = 0;
      for (const { applicationId } of late)
        if (await db.transaction((tx) => expire(tx, applicationId, now))) cancelled += 1;
      return cancelled;
    },
  };
}
export type Bookings = ReturnType<typeof createBookings>;
