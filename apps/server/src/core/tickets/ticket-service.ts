import { randomBytes } from 'node:crypto';
import { services as catalogueServices } from '@kaunti/catalogue/catalogue';
import { ticketPageOf } from '@kaunti/catalogue/catalogue-index';
import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { composePrinted } from '@kaunti/catalogue/document-texts';
import { documentTemplateOf } from '@kaunti/catalogue/registries/documents';
import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { fieldsOf, validateApplication } from '@kaunti/catalogue/schema-builder';
import { localiseService } from '@kaunti/catalogue/service-texts';
import type { StkPushResponse } from '@kaunti/contract/api-payments';
import type { ServiceTicket } from '@kaunti/contract/api-tickets';
import { maskPhone } from '@kaunti/contract/masking';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone-number';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { afterCommit } from '../../platform/db/shared-transaction';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { StateMachine } from '../../platform/state-machine';
import type { ApplicationDocuments } from '../applications/application-documents';
import { priceService } from '../applications/fees';
import type { ReferenceChoices } from '../applications/reference-choices';
import { invalid } from '../applications/submission-checks';
import { type Actor, recordAudit } from '../audit/audit';
import { type BillService, isOpenObligationClash } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import { documents } from '../documents/schema';
import { payments } from '../payments/schema';
import { serviceTickets } from './schema';

type TicketRow = typeof serviceTickets.$inferSelect;
type TicketStatus = TicketRow['status'];
type TicketBlock = NonNullable<ServiceDefinition['ticket']>;
type PeriodKind = 'day' | 'month' | 'visit';

/** A ticket's moves: paid when its bill is paid, revoked when the county revokes its document. */
export const serviceTicketStatus = new StateMachine<TicketStatus>('ticket', {
  pending: ['paid', 'cancelled'],
  paid: ['revoked'],
  cancelled: [],
  revoked: [],
});

/** The bills of tickets carry this kind (`ticket:<service>:…`): their paid handler is this module's. */
const KIND = 'ticket';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const randomChars = (n: number) => [...randomBytes(n)].map((b) => ALPHABET[b % 32]).join('');
/** "T" and 13 characters of 32: 65 random bits, so holding the id is what lets one read the ticket. */
const newTicketId = () => `T${randomChars(13)}`;
/** The printed number: "<prefix>-<year>-" and 10 characters, unrelated to the bearer's id. */
const newTicketNo = (prefix: string, day: string) => `${prefix}-${day.slice(0, 4)}-${randomChars(10)}`;

/** The end of a Kenyan day (midnight EAT, UTC+3), as an instant. */
const endOfKenyanDay = (day: string) => new Date(`${day}T23:59:59.999+03:00`);
/** The end of a Kenyan month ("2026-11"), as an instant. */
function endOfKenyanMonth(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return new Date(new Date(`${next}-01T00:00:00+03:00`).getTime() - 1);
}

/** Which period a ticket's answers buy: the definition's, or the one its period field chooses. */
export function periodKindOf(ticket: TicketBlock, values: Record<string, unknown>): PeriodKind {
  if (typeof ticket.period === 'string') return ticket.period;
  return ticket.period.periods[String(values[ticket.period.from_field] ?? '')] ?? 'day';
}

/**
 * The thing paid for: the service, its `once_per` answers and the period (Kenya's day or month),
 * e.g. `ticket:market-cess:KCB 442T:WAK:POT:2026-11-29` — one open bill for it (decision 007).
 */
export function obligationOf(
  service: Pick<ServiceDefinition, 'id'>,
  ticket: TicketBlock,
  values: Record<string, unknown>,
  at: Date = new Date(),
): { key: string; period: string; kind: PeriodKind; validUntil: Date } {
  const kind = periodKindOf(ticket, values);
  const day = kenyaDate(at);
  const period = kind === 'month' ? day.slice(0, 7) : day;
  const parts = ticket.once_per.map((name) => String(values[name] ?? ''));
  return {
    key: [KIND, service.id, ...parts, period].join(':'),
    period,
    kind,
    validUntil: kind === 'month' ? endOfKenyanMonth(period) : endOfKenyanDay(day),
  };
}

/** "Vehicle {plate}" with the answers filled in. */
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

const NOT_FOUND = 'We could not find that ticket. Check the link or the ticket number.';
const NOT_PAYABLE = 'This ticket is not waiting for a payment.';
const PAYING_ALREADY = 'This is being paid for already. Please wait a moment, then open its ticket.';

/** The catalogue's ticket services (workflow "ticket"), each with its ticket block. */
export function ticketServices(
  all: readonly ServiceDefinition[] = catalogueServices,
): (ServiceDefinition & { ticket: TicketBlock })[] {
  return all.filter(
    (s): s is ServiceDefinition & { ticket: TicketBlock } =>
      s.workflow === 'ticket' && s.ticket !== undefined,
  );
}

/**
 * Tickets bought with no account, for every service that declares one (workflow "ticket",
 * decision 032): the answers are checked as any submission's (the definition, its lists), the
 * thing paid for is one obligation (one open bill; a paid one answers its ticket, never charged
 * again, unless it is a visit), the M-Pesa prompt goes to the phone given (a pending prompt blocks
 * another to the same phone; a failed one ends the wait and may be sent again), and the ticket is
 * issued from the service's template in the payment's transaction, read by its id by whoever
 * holds it, its QR code verified on E-Verify. Enforcement sees a plate's tickets paid today.
 */
export function createTicketService(deps: {
  db: Db;
  bills: BillService;
  payments: {
    startObligationPush(input: {
      billNo: string;
      phone: string;
      requestId?: string | undefined;
    }): Promise<StkPushResponse>;
  };
  documents: Pick<DocumentService, 'issue' | 'shortCodeOf' | 'onRevoked'>;
  links: Pick<ApplicationDocuments, 'link'>;
  choices: Pick<ReferenceChoices, 'read'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  publicUrl: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
  services?: readonly ServiceDefinition[];
}) {
  const { db } = deps;
  const byId = new Map(ticketServices(deps.services).map((s) => [s.id, s]));

  function serviceOf(id: string) {
    const service = byId.get(id);
    if (!service) throw new Error(`"${id}" is not a ticket service`);
    return service;
  }

  /** What the ticket is for, field by field (the phone left out), each value in words (in Kiswahili: `sw`). */
  function coversOf(
    service: ServiceDefinition & { ticket: TicketBlock },
    row: Pick<TicketRow, 'answers' | 'labels' | 'labelsSw'>,
    language: 'en' | 'sw' = 'en',
  ) {
    const shown = language === 'sw' ? localiseService(service, { own: service.texts?.sw }, 'sw') : service;
    const labels = language === 'sw' ? { ...row.labels, ...row.labelsSw } : row.labels;
    return fieldsOf(shown)
      .filter(
        (f) => f.name !== (service.ticket.phone_field ?? 'phone_number') && row.answers[f.name] !== undefined,
      )
      .map((f) => ({
        field: f.name,
        label: f.label,
        value: labels[f.name] ?? labelOfStatic(f, row.answers[f.name]),
      }));
  }

  async function lastPayment(row: TicketRow) {
    const [payment] = await db
      .select({
        status: payments.status,
        message: payments.message,
        phone: payments.phoneNumber,
        at: payments.updatedAt,
      })
      .from(payments)
      .where(eq(payments.billNo, row.billNo))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!payment) return null;
    return {
      status: payment.status,
      message: payment.status === 'pending' ? null : payment.message,
      phone_hint: payment.phone ? maskPhone(payment.phone) : null,
      at: payment.at.toISOString(),
    };
  }

  async function view(row: TicketRow): Promise<ServiceTicket> {
    const service = serviceOf(row.serviceId);
    const [document] = row.documentId
      ? await db.select().from(documents).where(eq(documents.id, row.documentId))
      : [];
    return {
      ticket_id: row.id,
      ticket_no: document?.number ?? row.ticketNo,
      service_id: row.serviceId,
      status: row.status,
      covers: coversOf(service, row),
      values: row.answers,
      plate: row.plate,
      period: row.period,
      amount_cents: row.amountCents,
      bill_no: row.billNo,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      valid_until: row.validUntil.toISOString(),
      short_code: document ? await deps.documents.shortCodeOf(document) : null,
      document: document ? deps.links.link(document) : null,
      payment: row.status === 'pending' ? await lastPayment(row) : null,
    };
  }

  async function move(
    tx: Db,
    row: TicketRow,
    to: TicketStatus,
    set: Partial<TicketRow>,
    audit: { actor: Actor; data?: Record<string, unknown>; requestId?: string | undefined },
  ) {
    serviceTicketStatus.assert(row.status, to);
    const [moved] = await tx
      .update(serviceTickets)
      .set({ ...set, status: to })
      .where(and(eq(serviceTickets.id, row.id), eq(serviceTickets.status, row.status)))
      .returning();
    if (!moved) throw conflict('This ticket changed meanwhile. Please try again.', 'changed_meanwhile');
    await recordAudit(tx, {
      actor: audit.actor,
      entityType: 'service_ticket',
      entityId: row.id,
      action: to,
      fromState: row.status,
      toState: to,
      data: { service_id: row.serviceId, obligation: row.obligation, ...audit.data },
      ...(audit.requestId ? { requestId: audit.requestId } : {}),
    });
    return moved;
  }

  deps.documents.onRevoked(async (tx, document, actor, requestId) => {
    if (document.kind !== 'ticket') return;
    const [ticket] = await tx
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.documentId, document.id))
      .for('update');
    if (ticket?.status !== 'paid') return;
    await move(tx, ticket, 'revoked', {}, { actor, data: { document_id: document.id }, requestId });
  });

  function sendTicketSms(
    phone: string,
    service: ServiceDefinition & { ticket: TicketBlock },
    ticket: TicketRow,
  ) {
    const page = ticketPageOf(service.ticket.read_path).replace(':ticket_id', ticket.id);
    const message = `${service.title} paid. Ticket ${ticket.ticketNo}: ${deps.publicUrl}${page}`;
    void deps.sms
      .send(phone, message)
      .then((result) => {
        if (!result.accepted) deps.log.warn({}, 'ticket SMS was not accepted by the gateway');
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'ticket SMS failed'));
  }

  // The ticket's bill is paid (STK push or paybill), in the payment's transaction: the ticket is
  // paid and its printable ticket issued from the service's template.
  deps.bills.onObligationPaid(KIND, async (tx, bill, requestId) => {
    const [ticket] = await tx
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.billNo, bill.billNo))
      .for('update');
    if (ticket?.status !== 'pending') return;
    const service = serviceOf(ticket.serviceId);
    const template = documentTemplateOf(service)!;
    const issuedAt = new Date();
    const holder = fill(service.ticket.holder, ticket.answers);
    const values = Object.fromEntries(coversOf(service, ticket).map((c) => [c.field, c.value]));
    const valuesSw = Object.fromEntries(coversOf(service, ticket, 'sw').map((c) => [c.field, c.value]));
    const actor: Actor = { type: 'system', id: 'tickets' };
    const printed = composePrinted(
      template,
      {
        holder,
        number: ticket.ticketNo,
        county: (await deps.county.get(tx)).name,
        fee_cents: ticket.amountCents,
        issued_at: issuedAt,
        expires_at: ticket.validUntil,
        values,
      },
      { values: valuesSw },
      service,
    );
    const issued = await deps.documents.issue(
      {
        kind: 'ticket',
        number: ticket.ticketNo,
        holderName: holder,
        holderPublic: true,
        ownerUserId: ticket.userId,
        subject: ticket.billNo,
        amountCents: ticket.amountCents,
        facts: { description: `${template.title}: ${Object.values(values).join(', ')}, ${ticket.period}` },
        printed,
        issuedAt,
        expiresAt: ticket.validUntil,
        actor,
        ...(requestId ? { requestId } : {}),
      },
      tx,
    );
    await move(
      tx,
      ticket,
      'paid',
      { paidAt: issuedAt, documentId: issued.document.id },
      { actor, data: { bill_no: bill.billNo }, requestId },
    );
    const [payer] = await tx
      .select({ phone: payments.phoneNumber })
      .from(payments)
      .where(and(eq(payments.billId, bill.id), eq(payments.status, 'paid')))
      .orderBy(desc(payments.updatedAt))
      .limit(1);
    const phone = payer?.phone;
    if (phone && isValidPhone(phone))
      afterCommit(tx, () => sendTicketSms(normalisePhone(phone), service, ticket));
  });

  async function standing(key: string) {
    const rows = await db
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.obligation, key))
      .orderBy(desc(serviceTickets.createdAt))
      .limit(5);
    return rows.find((r) => r.status === 'pending') ?? rows.find((r) => r.status === 'paid' && r.once);
  }

  /** The answers a ticket is priced and kept by: everything but the phone. */
  const kept = (ticket: TicketBlock, values: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(values).filter(([name]) => name !== (ticket.phone_field ?? 'phone_number')),
    );
  const sameAnswers = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

  async function raise(
    tx: Db,
    service: ServiceDefinition & { ticket: TicketBlock },
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

  async function findTicket(serviceId: string, id: string) {
    const [row] = await db
      .select()
      .from(serviceTickets)
      .where(and(eq(serviceTickets.id, id.trim().toUpperCase()), eq(serviceTickets.serviceId, serviceId)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return {
    services: () => [...byId.values()],

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
      let phone = input.phone;
      if (!phone) {
        const [last] = await db
          .select({ phone: payments.phoneNumber })
          .from(payments)
          .where(eq(payments.billNo, ticket.billNo))
          .orderBy(desc(payments.createdAt))
          .limit(1);
        phone = last?.phone ?? undefined;
      }
      if (!phone || !isValidPhone(phone))
        invalid([{ path: 'phone_number', message: 'Please enter the M-Pesa phone number' }]);
      const push = await deps.payments.startObligationPush({
        billNo: ticket.billNo,
        phone: normalisePhone(phone!),
        requestId: input.requestId,
      });
      return { ticket: await view(ticket), payment_id: push.payment_id, already_paid: false };
    },

    /** A ticket of a service by its id (whoever holds it), or 404. */
    async ticket(serviceId: string, id: string) {
      return view(await findTicket(serviceId, id));
    },

    /** Enforcement: a plate's tickets paid and in force now (market cess today), newest first. */
    async paidForPlate(plateInput: string) {
      const plate = normalisePlate(plateInput);
      if (!plate) throw badRequest(PLATE_MESSAGE, [{ path: 'plate', message: PLATE_MESSAGE }]);
      const rows = await db
        .select()
        .from(serviceTickets)
        .where(
          and(
            eq(serviceTickets.plate, plate),
            gt(serviceTickets.validUntil, new Date()),
            eq(serviceTickets.status, 'paid'),
          ),
        )
        .orderBy(desc(serviceTickets.paidAt));
      return rows.map((row) => {
        const service = serviceOf(row.serviceId);
        return {
          service_id: row.serviceId,
          service_title: service.title,
          ticket_no: row.ticketNo,
          covers: coversOf(service, row)
            .map((c) => c.value)
            .join(', '),
          amount_cents: row.amountCents,
          paid_at: (row.paidAt ?? row.createdAt).toISOString(),
          valid_until: row.validUntil.toISOString(),
        };
      });
    },
  };
}
export type TicketService = ReturnType<typeof createTicketService>;

/** A static choice's label, else the value as typed. */
function labelOfStatic(field: ReturnType<typeof fieldsOf>[number], value: unknown): string {
  const options = field.options;
  if (options && 'static' in options) {
    const found = options.static.find((o) => o.value === value);
    if (found) return found.label;
  }
  return String(value ?? '');
}
