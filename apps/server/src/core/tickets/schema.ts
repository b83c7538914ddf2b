import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * Tickets bought with no account (workflow "ticket", decision 032): one row per thing paid for
 * (its `obligation`: the service, the values of its `once_per` fields and the period), pending
 * until its bill is paid, then paid with its issued document; revoked when the county revokes
 * that document; cancelled when asked again with other answers before any payment (priced
 * again as a new ticket). One pending ticket per obligation; one paid too where the service charges it
 * once (`once`: a plate's cess of the day) — a `visit` (a toilet's single entry) may be paid again.
 * The id is the bearer's proof; the document prints another number (`ticket_no`), which opens nothing.
 */
export const serviceTickets = pgTable(
  'service_tickets',
  {
    id: text('id').primaryKey(),
    ticketNo: text('ticket_no').notNull(),
    serviceId: text('service_id').notNull(),
    obligation: text('obligation').notNull(),
    once: boolean('once').notNull(),
    /** The answers it was bought with (the phone left out), as validated. */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** Each list answer in words, as it was chosen ("Wakulima (Marikiti) Market (WAK)"). */
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    /** The same in Kiswahili, where a list names a choice otherwise: its Kiswahili ticket's. */
    labelsSw: jsonb('labels_sw').$type<Record<string, string>>().notNull().default({}),
    /** The vehicle's plate, where the service asks one: the enforcement plate check reads it. */
    plate: text('plate'),
    /** The day (YYYY-MM-DD) or month (YYYY-MM) it is for, Kenya's. */
    period: text('period').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    billNo: text('bill_no').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'revoked', 'cancelled'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    documentId: text('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_tickets_standing_uq')
      .on(t.obligation)
      .where(sql`${t.status} = 'pending' or (${t.once} and ${t.status} = 'paid')`),
    uniqueIndex('service_tickets_no_uq').on(t.ticketNo),
    uniqueIndex('service_tickets_bill_uq').on(t.billNo),
    index('service_tickets_plate_idx').on(t.plate, t.validUntil),
    index('service_tickets_document_idx').on(t.documentId),
  ],
);
