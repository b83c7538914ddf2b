import { validateApplication } from '@kaunti/catalogue/schema-builder';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { priceService } from '../applications/fees';
import { invalid } from '../applications/submission-checks';
import { type Actor, recordAudit } from '../audit/audit';
import { isOpenObligationClash } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { serviceTickets } from './schema';
import { NOT_PAYABLE, pushAgain } from './ticket-common';
import { fill, obligationOf } from './ticket-periods';
import { newTicketId, newTicketNo, type TicketStore } from './ticket-store';
import type { TicketBlock, TicketServiceDefinition, TicketServiceDeps } from './ticket-types';
import type { TicketViews } from './ticket-views';

const PAYING_ALREADY = 'This is being paid for already. Please wait a moment, then open its ticket.';

/** Buying a service's ticket (priced again when asked with other answers), and its prompt again. */
export function createTicketPurchase(deps: TicketServiceDeps & { store: TicketStore; views: TicketViews }) {
  const { db } = deps;
  const { move, standing, findTicket } = deps.store;
  const { serviceOf, coversOf, view } = deps.views;

  /** The answers a ticket is priced and kept by: everything but the phone. */
  const kept = (ticket: TicketBlock, values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).filter(([name]) => name !== (ticket.phone_field ?? 'phone_number')),
    );
  const sameAnswers = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

  async function raise(
    tx: Db,
    service: TicketServiceDefinition,
    input: {
      values: Record<string, unknown>;
      labels: Record<string, string>;
      labelsSw: Record<string, string>;
      lines: Awaited<ReturnType<typeof priceService>>;
      obligation: ReturnType<typeof obligationOf>;
      userId: string | null;
      actor: Actor;
      requestId?: string | undefined;
    },
  ) {
    const answers = kept(service.ticket, input.values);
    const holder = fill(service.ticket.holder, answers);
    const asKept = { answers, labels: input.labels, labelsSw: input.labelsSw };
    const words = (language: 'en' | 'sw') =>
      coversOf(service, asKept, language)
        .map((c) => c.value)
        .join(', ');
    const bill = await deps.bills.raise(tx, {
      userId: input.userId,
      customerName: holder,
      description: `${service.title}: ${words('en')}, ${input.obligation.period}`,
      descriptionSw: `${service.texts?.sw?.title || service.title}: ${words('sw')}, ${input.obligation.period}`,
      lines: input.lines,
      serviceId: service.id,
      sourceKey: input.obligation.key,
      dueDate: kenyaDate(),
      actor: input.actor,
      ...(input.requestId ? { requestId: input.requestId } : {}),
    });
    const plateField = service.ticket.plate_field;
    const [row] = await tx
      .insert(serviceTickets)
      .values({
        id: newTicketId(),
        ticketNo: newTicketNo(service.ticket.number_prefix, kenyaDate()),
        serviceId: service.id,
        obligation: input.obligation.key,
        once: input.obligation.kind !== 'visit',
        answers,
        labels: input.labels,
        labelsSw: input.labelsSw,
        plate: plateField ? String(answers[plateField] ?? '') || null : null,
        period: input.obligation.period,
        validUntil: input.obligation.validUntil,
        billNo: bill.bill_no,
        amountCents: bill.total_cents,
        status: 'pending',
        userId: input.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(PAYING_ALREADY, 'obligation_has_open_bill');
    await recordAudit(tx, {
      actor: input.actor,
      entityType: 'service_ticket',
      entityId: row.id,
      action: 'created',
      fromState: null,
      toState: 'pending',
      data: { service_id: service.id, obligation: row.obligation, bill_no: row.billNo },
      ...(input.requestId ? { requestId: input.requestId } : {}),
    });
    return row;
  }

  return {
    /**
     * A ticket service's submit path: the answers checked, the thing paid for found or its bill
     * raised with the ticket, then the M-Pesa prompt. Paid already (and charged once): its
     * ticket, no prompt. Pending with other answers and nothing paid: priced again.
     */
    async submit(input: {
      serviceId: string;
      payload: unknown;
      userId: string | null;
      requestId?: string | undefined;
    }) {
      const service = serviceOf(input.serviceId);
      const result = validateApplication(service, input.payload);
      if (!result.success) invalid(result.errors);
      const values = result.values;
      const read = await deps.choices.read(service, values);
      if (read.errors.length > 0) invalid(read.errors);
      const phone = String(values[service.ticket.phone_field ?? 'phone_number']);
      const obligation = obligationOf(service, service.ticket, values);
      const actor: Actor = input.userId ? { type: 'user', id: input.userId } : { type: 'anonymous' };
      const answers = kept(service.ticket, values);

      let ticket = await standing(obligation.key);
      if (ticket?.status === 'paid')
        return { ticket: await view(ticket), payment_id: null, already_paid: true };
      const lines = await priceService(db, service, values);
      try {
        if (ticket && !sameAnswers(ticket.answers, answers)) {
          // Asked again with other answers (another quantity) while nothing is paid: its bill is
          // cancelled and the thing priced again, in one transaction; whoever asked first does
          // not set the price. A bill paid in part keeps its answers.
          const pending = ticket;
          ticket = await db.transaction(async (tx) => {
            const [locked] = await tx
              .select()
              .from(serviceTickets)
              .where(eq(serviceTickets.id, pending.id))
              .for('update');
            if (locked?.status !== 'pending') return locked ?? pending;
            const open = await deps.bills.findOpenBySource(tx, locked.obligation);
            if (!open || open.billNo !== locked.billNo || open.paidCents > 0) return locked;
            await deps.bills.cancel(tx, open.billNo, actor, 'answers changed', input.requestId);
            await move(
              tx,
              locked,
              'cancelled',
              {},
              { actor, data: { reason: 'repriced' }, requestId: input.requestId },
            );
            return raise(tx, service, {
              values,
              labels: read.labels,
              labelsSw: read.labelsSw,
              lines,
              obligation,
              userId: input.userId,
              actor,
              requestId: input.requestId,
            });
          });
        }
        if (!ticket)
          ticket = await db.transaction((tx) =>
            raise(tx, service, {
              values,
              labels: read.labels,
              labelsSw: read.labelsSw,
              lines,
              obligation,
              userId: input.userId,
              actor,
              requestId: input.requestId,
            }),
          );
      } catch (error) {
        if (isOpenObligationClash(error)) throw conflict(PAYING_ALREADY, 'obligation_has_open_bill');
        throw error;
      }
      const push = await deps.payments.startObligationPush({
        billNo: ticket.billNo,
        phone,
        requestId: input.requestId,
      });
      return { ticket: await view(ticket), payment_id: push.payment_id, already_paid: false };
    },

    /** A pending ticket's prompt again: to the phone given, else the one the last prompt went to. */
    async payAgain(input: {
      serviceId: string;
      ticketId: string;
      phone?: string | undefined;
      requestId?: string | undefined;
    }) {
      const ticket = await findTicket(input.serviceId, input.ticketId);
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
