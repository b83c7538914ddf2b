import { randomBytes } from 'node:crypto';
import { findService } from '@kaunti/catalogue/catalogue';
import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { validateApplication } from '@kaunti/catalogue/schema-builder';
import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import { everyParkingZone } from '@kaunti/catalogue/services/parking/places';
import { vehicleTypeLabelSw } from '@kaunti/catalogue/services/parking/vehicle-types';
import type { StkPushResponse } from '@kaunti/contract/api-payments';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { maskPhone } from '@kaunti/contract/masking';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone-number';
import { and, asc, count, desc, eq, gt, lte, ne } from 'drizzle-orm';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import { feeAmountsOf, priceService } from '../../core/applications/fees';
import type { ReferenceChoices } from '../../core/applications/reference-choices';
import { invalid } from '../../core/applications/submission-checks';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { type BillService, isOpenObligationClash } from '../../core/bills/bill-service';
import { kenyaDate } from '../../core/bills/kenya-date';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import { documents } from '../../core/documents/schema';
import { payments } from '../../core/payments/schema';
import type { TicketService } from '../../core/tickets/ticket-service';
import type { Db } from '../../platform/db/database';
import { afterCommit } from '../../platform/db/shared-transaction';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { StateMachine } from '../../platform/state-machine';
import { parkingCoverPlates, parkingCovers, parkingTickets, parkingZones, vehicles } from './schema';

type TicketRow = typeof parkingTickets.$inferSelect;
type TicketStatus = TicketRow['status'];

/**
 * A daily ticket's moves: paid when its bill is paid, revoked when the county revokes its
 * document (the plate's day is then uncovered, and may be paid again).
 */
export const ticketStatus = new StateMachine<TicketStatus>('parking ticket', {
  pending: ['paid'],
  paid: ['revoked'],
  revoked: [],
});

const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const randomChars = (n: number) => [...randomBytes(n)].map((b) => TICKET_ALPHABET[b % 32]).join('');
/** "PT" and 12 characters of 32: 60 random bits, so holding the id is what lets one read the ticket. */
function newTicketId(): string {
  return `PT${randomChars(12)}`;
}
/**
 * The number the ticket prints and E-Verify shows: "PKT-<year>-" and 10 characters, unrelated to
 * the bearer's id, so a photo of the QR code or a check on E-Verify does not open the ticket.
 */
function newTicketNo(day: string): string {
  return `PKT-${day.slice(0, 4)}-${randomChars(10)}`;
}

/** The end of a Kenyan day (midnight EAT, UTC+3), as an instant. */
function endOfKenyanDay(day: string): Date {
  return new Date(`${day}T23:59:59.999+03:00`);
}

const PAYING_ALREADY =
  'This vehicle’s parking for today is being paid already. Please wait a moment, then open its ticket.';

/** How many vehicles one account may keep. */
export const MAX_VEHICLES = 50;

const toVehicle = (row: typeof vehicles.$inferSelect) => ({
  id: row.id,
  plate: row.plate,
  vehicle_type: row.vehicleType,
  make: row.make,
  colour: row.colour,
});

/** A zone's Kiswahili name, while the county's row still has the seed's English name. */
const zoneNameSw = (zone: { code: string; name: string } | undefined) =>
  zone ? everyParkingZone().find((z) => z.code === zone.code && z.name === zone.name)?.name_sw : undefined;

const typeLabel = (value: string) => VEHICLE_TYPES.find((t) => t.value === value)?.label ?? value;

const TICKET_NOT_FOUND = 'We could not find that parking ticket. Check the link or the ticket number.';
const NOT_PAYABLE = 'This ticket is not waiting for a payment.';

/**
 * Daily parking, no account needed: a plate's day in a zone is one obligation
 * (`parking-daily:<plate>:<zone>:<day>`, one open bill), its ticket is pending until the bill is
 * paid — by the M-Pesa prompt this sends, or at the paybill with the bill number — and then paid,
 * with its printable ticket. Enforcement officers check a plate.
 */
export function createParkingService(deps: {
  db: Db;
  /** Other tickets a plate holds today (market cess), shown beside what covers its parking. */
  tickets?: Pick<TicketService, 'paidForPlate'>;
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
  choices: Pick<ReferenceChoices, 'check'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  publicUrl: string;
  log: { warn(object: Record<string, unknown>, message: string): void };
}) {
  const { db } = deps;
  const service = findService('daily-parking')!;
  const template = findDocumentTemplate('parking-ticket')!;

  /** The ticket's latest payment attempt on its current bill: how the wait ended, if it did. */
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

  async function view(row: TicketRow) {
    const [zone] = await db.select().from(parkingZones).where(eq(parkingZones.code, row.zoneCode));
    const [document] = row.documentId
      ? await db.select().from(documents).where(eq(documents.id, row.documentId))
      : [];
    return {
      ticket_id: row.id,
      // What it prints and E-Verify shows (a ticket paid before numbers of its own kept its id).
      ticket_no: document?.number ?? row.ticketNo,
      plate: row.plate,
      zone_code: row.zoneCode,
      zone_name: zone?.name ?? row.zoneCode,
      vehicle_type: row.vehicleType,
      vehicle_type_label: typeLabel(row.vehicleType),
      day: row.day,
      amount_cents: row.amountCents,
      status: row.status,
      bill_no: row.billNo,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      valid_until: endOfKenyanDay(row.day).toISOString(),
      short_code: document ? await deps.documents.shortCodeOf(document) : null,
      document: document ? deps.links.link(document) : null,
      revoked_at: document?.revokedAt ? document.revokedAt.toISOString() : null,
      payment: row.status === 'pending' ? await lastPayment(row) : null,
    };
  }

  /** A ticket's move through its table, with its audit row, in the caller's transaction. */
  async function move(
    tx: Db,
    row: TicketRow,
    to: TicketStatus,
    set: Partial<TicketRow>,
    audit: { actor: Actor; data?: Record<string, unknown>; requestId?: string | undefined },
  ) {
    ticketStatus.assert(row.status, to);
    const [moved] = await tx
      .update(parkingTickets)
      .set({ ...set, status: to })
      .where(and(eq(parkingTickets.id, row.id), eq(parkingTickets.status, row.status)))
      .returning();
    if (!moved)
      throw conflict('This parking ticket changed meanwhile. Please try again.', 'changed_meanwhile');
    await recordAudit(tx, {
      actor: audit.actor,
      entityType: 'parking_ticket',
      entityId: row.id,
      action: to,
      fromState: row.status,
      toState: to,
      data: { plate: row.plate, zone_code: row.zoneCode, day: row.day, ...audit.data },
      ...(audit.requestId ? { requestId: audit.requestId } : {}),
    });
    return moved;
  }

  // The county revoked a daily ticket's document: the ticket follows it (no longer covers the
  // plate, shows as revoked), in the revoking transaction; the day may be paid again.
  deps.documents.onRevoked(async (tx, document, actor, requestId) => {
    if (document.kind !== 'ticket') return;
    const [ticket] = await tx
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.documentId, document.id))
      .for('update');
    if (ticket?.status !== 'paid') return;
    await move(tx, ticket, 'revoked', {}, { actor, data: { document_id: document.id }, requestId });
  });

  /** The SMS to the phone that paid: the ticket's link, so the visitor keeps their ticket. */
  function sendTicketSms(phone: string, ticket: TicketRow, zoneName: string) {
    const message = `Parking paid: ${ticket.plate}, ${zoneName}, ${ticket.day}. Ticket ${ticket.ticketNo}: ${deps.publicUrl}/parking/${ticket.id}`;
    void deps.sms
      .send(phone, message)
      .then((result) => {
        if (!result.accepted) deps.log.warn({}, 'parking ticket SMS was not accepted by the gateway');
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'parking ticket SMS failed'));
  }

  // When the day's bill is paid (STK push or paybill), in the payment's transaction: the ticket
  // is paid and its printable ticket issued.
  deps.bills.onObligationPaid('parking-daily', async (tx, bill, requestId) => {
    const [ticket] = await tx
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.billNo, bill.billNo))
      .for('update');
    if (ticket?.status !== 'pending') return;
    const [zone] = await tx.select().from(parkingZones).where(eq(parkingZones.code, ticket.zoneCode));
    const issuedAt = new Date();
    const expiresAt = endOfKenyanDay(ticket.day);
    const holder = `Vehicle ${ticket.plate}`;
    const values = {
      plate: ticket.plate,
      vehicle_type: typeLabel(ticket.vehicleType),
      zone: zone?.name ?? ticket.zoneCode,
    };
    const printed = composePrinted(
      template,
      {
        holder,
        number: ticket.ticketNo,
        county: (await deps.county.get(tx)).name,
        fee_cents: ticket.amountCents,
        issued_at: issuedAt,
        expires_at: expiresAt,
        values,
      },
      {
        values: {
          ...values,
          vehicle_type: vehicleTypeLabelSw(ticket.vehicleType) ?? values.vehicle_type,
        },
      },
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
        facts: {
          description: `${template.title}: ${ticket.plate}, ${zone?.name ?? ticket.zoneCode}, ${formatDocumentDate(ticket.day)}`,
        },
        printed,
        issuedAt,
        expiresAt,
        actor: { type: 'system', id: 'parking' },
        ...(requestId ? { requestId } : {}),
      },
      tx,
    );
    await move(
      tx,
      ticket,
      'paid',
      { paidAt: issuedAt, documentId: issued.document.id },
      { actor: { type: 'system', id: 'parking' }, data: { bill_no: bill.billNo }, requestId },
    );
    // Whoever paid keeps the ticket: its link by SMS to the paying phone (a paybill payment's
    // phone may come masked: then none).
    const [payer] = await tx
      .select({ phone: payments.phoneNumber })
      .from(payments)
      .where(and(eq(payments.billId, bill.id), eq(payments.status, 'paid')))
      .orderBy(desc(payments.updatedAt))
      .limit(1);
    const phone = payer?.phone;
    if (phone && isValidPhone(phone)) {
      const zoneName = zone?.name ?? ticket.zoneCode;
      afterCommit(tx, () => sendTicketSms(normalisePhone(phone), ticket, zoneName));
    }
  });

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

  const sourceKeyOf = (ticket: Pick<TicketRow, 'plate' | 'zoneCode' | 'day'>) =>
    `parking-daily:${ticket.plate}:${ticket.zoneCode}:${ticket.day}`;

  /** The standing ticket (pending or paid) of a plate's day in a zone: a revoked one is not. */
  async function standingTicket(plate: string, zoneCode: string, day: string) {
    const [row] = await db
      .select()
      .from(parkingTickets)
      .where(
        and(
          eq(parkingTickets.plate, plate),
          eq(parkingTickets.zoneCode, zoneCode),
          eq(parkingTickets.day, day),
          ne(parkingTickets.status, 'revoked'),
        ),
      );
    return row;
  }

  async function findTicket(id: string) {
    const [row] = await db
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.id, id.trim().toUpperCase()));
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return row;
  }

  /**
   * The zones as listed, kept for a few seconds per language: every USSD parking step and every
   * /parking page lists them, and they change only when the county edits a zone or a fee. What is
   * charged is priced afresh when the ticket is made, never from this list.
   */
  const listed = new Map<AnswerLanguage, { at: number; zones: ReturnType<typeof listZones> }>();
  const LISTED_FOR_MS = 5_000;

  async function listZones(language: AnswerLanguage) {
    const [rows, fee] = await Promise.all([
      db.select().from(parkingZones).orderBy(asc(parkingZones.position)),
      feeAmountsOf(db, 'parking-daily'),
    ]);
    // In Kiswahili: a zone as the seed data names it in Kiswahili (while the county's row still
    // has the seed's English name), and the vehicle types' own names.
    const sw = (zone: { code: string; name: string }) =>
      language === 'sw'
        ? everyParkingZone().find((z) => z.code === zone.code && z.name === zone.name)
        : undefined;
    return rows.map((zone) => ({
      zone_code: zone.code,
      name: sw(zone)?.name_sw ?? zone.name,
      description: sw(zone)?.description_sw ?? zone.description,
      fees: VEHICLE_TYPES.map((type) => ({
        vehicle_type: type.value,
        label: (language === 'sw' ? vehicleTypeLabelSw(type.value) : undefined) ?? type.label,
        amount_cents: fee.get(`${zone.code}:${type.value}`) ?? null,
      })),
    }));
  }

  return {
    /** The zones with their daily fee of each vehicle type (cents), as the form shows them. */
    async zones(language: AnswerLanguage = 'en') {
      const kept = listed.get(language);
      if (kept && Date.now() - kept.at < LISTED_FOR_MS) return kept.zones;
      const zones = listZones(language);
      listed.set(language, { at: Date.now(), zones });
      // A failed read is not kept: the next asks again.
      zones.catch(() => listed.delete(language));
      return zones;
    },

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

    /** The signed-in motorist's vehicles, by plate. */
    async myVehicles(userId: string) {
      const rows = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.userId, userId))
        .orderBy(asc(vehicles.plate));
      return rows.map(toVehicle);
    },

    /** Adds a vehicle to the user's list: a Kenyan plate, a vehicle type the county charges by. */
    async addVehicle(
      userId: string,
      input: { plate: string; vehicle_type: string; make?: string | undefined; colour?: string | undefined },
    ) {
      const plate = normalisePlate(input.plate);
      const errors = [];
      if (!plate) errors.push({ path: 'plate', message: PLATE_MESSAGE });
      if (!VEHICLE_TYPES.some((t) => t.value === input.vehicle_type))
        errors.push({ path: 'vehicle_type', message: 'Please choose the vehicle type' });
      if (errors.length > 0) invalid(errors);
      const [held] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.userId, userId));
      if ((held?.n ?? 0) >= MAX_VEHICLES)
        throw conflict(
          `You can keep at most ${MAX_VEHICLES} vehicles. Remove one you no longer use first.`,
          'limit_reached',
        );
      const [row] = await db
        .insert(vehicles)
        .values({
          userId,
          plate: plate!,
          vehicleType: input.vehicle_type,
          make: input.make?.trim() || null,
          colour: input.colour?.trim() || null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(`${plate} is already one of your vehicles.`, 'already_exists');
      return toVehicle(row);
    },

    /** Removes one of the user's vehicles; anyone else's (or none) is a 404. */
    async removeVehicle(userId: string, id: string) {
      const removed = await db
        .delete(vehicles)
        .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
        .returning({ id: vehicles.id });
      if (removed.length === 0) throw notFound('We could not find that vehicle among yours.');
    },

    /** A ticket by its id (whoever holds the id: the SMS receipt's link), or 404. */
    async ticket(id: string) {
      return view(await findTicket(id));
    },

    /**
     * Enforcement: whether a plate is covered now, and by what — today's paid daily tickets, and
     * the seasonal tickets, reserved bays, loading zones and PSV stickers in force (not revoked),
     * each with its zone (or place) and validity. Two indexed reads by plate.
     */
    async status(plateInput: string) {
      const plate = normalisePlate(plateInput);
      if (!plate) throw badRequest(PLATE_MESSAGE, [{ path: 'plate', message: PLATE_MESSAGE }]);
      const today = kenyaDate();
      const now = new Date();
      const [daily, covers, tickets] = await Promise.all([
        db
          .select()
          .from(parkingTickets)
          .where(
            and(
              eq(parkingTickets.plate, plate),
              eq(parkingTickets.day, today),
              eq(parkingTickets.status, 'paid'),
            ),
          )
          .orderBy(desc(parkingTickets.paidAt)),
        db
          .select({ cover: parkingCovers, number: documents.number })
          .from(parkingCoverPlates)
          .innerJoin(parkingCovers, eq(parkingCovers.documentId, parkingCoverPlates.documentId))
          .innerJoin(documents, eq(documents.id, parkingCoverPlates.documentId))
          .where(
            and(
              eq(parkingCoverPlates.plate, plate),
              gt(parkingCoverPlates.validUntil, now),
              lte(parkingCovers.validFrom, now),
              ne(documents.status, 'revoked'),
            ),
          )
          .orderBy(desc(parkingCoverPlates.validUntil)),
        deps.tickets ? deps.tickets.paidForPlate(plate) : [],
      ]);
      const by = [
        ...daily.map((r) => ({
          kind: 'daily' as const,
          ticket_id: r.id,
          zone_code: r.zoneCode as string | null,
          vehicle_type: r.vehicleType as string | null,
          place: null as string | null,
          valid_from: new Date(`${r.day}T00:00:00+03:00`).toISOString(),
          valid_until: endOfKenyanDay(r.day).toISOString(),
        })),
        ...covers.map(({ cover, number }) => ({
          kind: cover.kind,
          ticket_id: number,
          zone_code: cover.zoneCode,
          vehicle_type: null,
          place: cover.place,
          valid_from: cover.validFrom.toISOString(),
          valid_until: cover.validUntil.toISOString(),
        })),
      ];
      return { plate, covered: by.length > 0, by, tickets };
    },
  };
}
export type ParkingService = ReturnType<typeof createParkingService>;
