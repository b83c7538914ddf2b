import { findService } from '@kaunti/catalogue/catalogue';
import { validateApplication } from '@kaunti/catalogue/schema-builder';
import { eq } from 'drizzle-orm';
import { priceService } from '../../core/applications/fees';
import { invalid } from '../../core/applications/submission-checks';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { isOpenObligationClash } from '../../core/bills/bill-service';
import { kenyaDate } from '../../core/bills/kenya-date';
import { NOT_PAYABLE, pushAgain } from '../../core/tickets/ticket-common';
import { conflict } from '../../platform/errors';
import type { DailyTicketViews } from './daily-ticket-views';
import { zoneNameSw } from './daily-ticket-views';
import type { DailyTickets } from './daily-tickets';
import { newTicketId, newTicketNo, sourceKeyOf } from './daily-tickets';
import type { ParkingServiceDeps, TicketRow } from './parking-types';
import { parkingTickets, parkingZones } from './schema';

const PAYING_ALREADY =
  'This vehicle’s parking for today is being paid already. Please wait a moment, then open its ticket.';

/** Buying a plate's day in a zone, and its M-Pesa prompt again. */
export function createDailyParkingPurchase(
  deps: ParkingServiceDeps & { store: DailyTickets; views: DailyTicketViews },
) {
  const { db } = deps;
  const { standingTicket, findTicket } = deps.store;
  const { view } = deps.views;
  const service = findService('daily-parking')!;
  /**
   * A pending ticket asked for with another vehicle type: its unpaid bill is cancelled and the
   * day priced again for the type chosen (whoever asked first does not set the motorist's price).
   * A bill paid in part keeps its type.
   */
  async function reprice(
    ticket: TicketRow,
    values: Record<string, unknown>,
    input: { userId: string | null; requestId?: string | undefined },
  ): Promise<TicketRow> {
    const vehicleType = String(values.vehicle_type);
    const lines = await priceService(db, service, values);
    const actor: Actor = input.userId ? { type: 'user', id: input.userId } : { type: 'anonymous' };
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(parkingTickets)
        .where(eq(parkingTickets.id, ticket.id))
        .for('update');
      if (locked?.status !== 'pending' || locked.vehicleType === vehicleType) return locked ?? ticket;
      const open = await deps.bills.findOpenBySource(tx, sourceKeyOf(locked));
      if (!open || open.billNo !== locked.billNo || open.paidCents > 0) return locked;
      await deps.bills.cancel(tx, open.billNo, actor, 'vehicle type changed', input.requestId);
      const bill = await deps.bills.raise(tx, {
        userId: input.userId ?? open.userId,
        customerName: `Vehicle ${locked.plate}`,
        description: open.description,
        descriptionSw: open.descriptionSw,
        lines,
        serviceId: service.id,
        sourceKey: sourceKeyOf(locked),
        dueDate: locked.day,
        actor,
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      const [repriced] = await tx
        .update(parkingTickets)
        .set({ vehicleType, billNo: bill.bill_no, amountCents: bill.total_cents })
        .where(eq(parkingTickets.id, locked.id))
        .returning();
      await recordAudit(tx, {
        actor,
        entityType: 'parking_ticket',
        entityId: locked.id,
        action: 'repriced',
        fromState: 'pending',
        toState: 'pending',
        data: {
          from_vehicle_type: locked.vehicleType,
          vehicle_type: vehicleType,
          from_bill_no: locked.billNo,
          bill_no: bill.bill_no,
          amount_cents: bill.total_cents,
        },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return repriced!;
    });
  }

  return {
    /**
     * `POST /api/parking/daily`: the day's ticket of a plate in a zone. A day already paid
     * answers its ticket (no second charge); a pending one is prompted for again; else the bill
     * is raised and the ticket made, then the M-Pesa prompt sent to the phone given.
     */
    async daily(input: { payload: unknown; userId: string | null; requestId?: string | undefined }) {
      const result = validateApplication(service, input.payload);
      if (!result.success) invalid(result.errors);
      const values = result.values;
      const choiceErrors = await deps.choices.check(service, values);
      if (choiceErrors.length > 0) invalid(choiceErrors);
      const plate = String(values.plate);
      const zoneCode = String(values.zone_code);
      const vehicleType = String(values.vehicle_type);
      const phone = String(values.phone_number);
      const day = kenyaDate();
      const sourceKey = sourceKeyOf({ plate, zoneCode, day });

      let ticket = await standingTicket(plate, zoneCode, day);
      if (ticket?.status === 'paid')
        return { ticket: await view(ticket), payment_id: null, already_paid: true };
      if (ticket && ticket.vehicleType !== vehicleType) ticket = await reprice(ticket, values, input);
      if (!ticket) {
        const lines = await priceService(db, service, values);
        const [zone] = await db.select().from(parkingZones).where(eq(parkingZones.code, zoneCode));
        try {
          ticket = await db.transaction(async (tx) => {
            const bill = await deps.bills.raise(tx, {
              userId: input.userId,
              customerName: `Vehicle ${plate}`,
              description: `Daily parking ${plate}, ${zone?.name ?? zoneCode}, ${day}`,
              descriptionSw: `Maegesho ya siku ${plate}, ${zoneNameSw(zone) ?? zone?.name ?? zoneCode}, ${day}`,
              lines,
              serviceId: service.id,
              sourceKey,
              dueDate: day,
              actor: input.userId ? { type: 'user', id: input.userId } : { type: 'anonymous' },
              ...(input.requestId ? { requestId: input.requestId } : {}),
            });
            const [row] = await tx
              .insert(parkingTickets)
              .values({
                id: newTicketId(),
                ticketNo: newTicketNo(day),
                plate,
                zoneCode,
                vehicleType,
                day,
                billNo: bill.bill_no,
                amountCents: bill.total_cents,
                status: 'pending',
                userId: input.userId,
              })
              .onConflictDoNothing()
              .returning();
            if (!row) throw conflict(PAYING_ALREADY, 'obligation_has_open_bill');
            return row;
          });
        } catch (error) {
          // Two requests for the same plate, zone and day at once: the other one raised the bill.
          if (isOpenObligationClash(error)) throw conflict(PAYING_ALREADY, 'obligation_has_open_bill');
          throw error;
        }
      }
      const push = await deps.payments.startObligationPush({
        billNo: ticket.billNo,
        phone,
        requestId: input.requestId,
      });
      return { ticket: await view(ticket), payment_id: push.payment_id, already_paid: false };
    },

    /**
     * `POST /api/parking/tickets/{id}/pay`: a pending ticket's prompt again, after a payment that
     * failed or was cancelled — to the phone given, else the one the last prompt went to.
     */
    async payAgain(input: { ticketId: string; phone?: string | undefined; requestId?: string | undefined }) {
      const ticket = await findTicket(input.ticketId);
      if (ticket.status !== 'pending') throw conflict(NOT_PAYABLE, 'ticket_not_payable');
      const push = await pushAgain(db, deps.payments, {
        billNo: ticket.billNo,
        phone: input.phone,
        requestId: input.requestId,
      });
      return { ticket: await view(ticket), payment_id: push.payment_id, already_paid: false };
    },
  };
}
