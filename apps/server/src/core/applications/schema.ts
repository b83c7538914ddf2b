import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** One application for a catalogue service. Its status moves only through core/applications/status.ts. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNo: text('application_no').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: text('service_id').notNull(),
    status: text('status', {
      enum: [
        'draft',
        'submitted',
        'awaiting_payment',
        'under_review',
        'approved',
        'rejected',
        'needs_info',
        'issued',
        'cancelled',
      ],
    }).notNull(),
    /** What it is about, for lists and search (e.g. the LR number). */
    reference: text('reference'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    /** Each reference-list answer in words as it was chosen ("Westlands (274)"), for its document. */
    valueLabels: jsonb('value_labels').$type<Record<string, string>>().notNull().default({}),
    /** The same in Kiswahili, where the list names a choice otherwise ("Ukanda I …"): its Kiswahili document's. */
    valueLabelsSw: jsonb('value_labels_sw').$type<Record<string, string>>().notNull().default({}),
    /** The fee of its answers: set at submission, and again when an answer re-prices it. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Money paid beyond the fee after an answer lowered it: recorded for a refund (an answer that
     * raises the fee again uses it first). The county's to return; never below 0.
     */
    refundDueCents: bigint('refund_due_cents', { mode: 'number' }).notNull().default(0),
    /** The bill to pay now, or the last one paid: the submission's, or a supplementary bill an answer raised. */
    billNo: text('bill_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('applications_user_idx').on(t.userId, t.createdAt),
    index('applications_status_idx').on(t.status, t.serviceId),
    // The back-office queue: by status, oldest first.
    index('applications_queue_idx').on(t.status, t.createdAt),
    uniqueIndex('applications_bill_no_uq').on(t.billNo).where(sql`${t.billNo} is not null`),
  ],
);

/** The status history of an application: one row per change (also in the audit log). */
export const applicationEvents = pgTable(
  'application_events',
  {
    /** Increasing: orders events written in the same transaction (they share its timestamp). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorType: text('actor_type', { enum: ['user', 'staff', 'system', 'mpesa'] }).notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_app_idx').on(t.applicationId, t.at)],
);

/** The last number given per prefix and year (LND-2026-000123): bumped in the creating transaction. */
export const applicationCounters = pgTable(
  'application_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/**
 * The county's fee schedules (seeded from each area's seed data, from the Finance Act): the
 * catalogue's fee rules read amounts from here, never from code.
 */
export const feeSchedules = pgTable(
  'fee_schedules',
  {
    schedule: text('schedule').notNull(),
    item: text('item').notNull(),
    /** The first day (Kenya's calendar) the row is charged; the row in force is the latest one. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull().default('2000-01-01'),
    description: text('description').notNull(),
    descriptionSw: text('description_sw').notNull().default(''),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** `seed`: a catalogue folder's row, written once; `county`: a confirmed change of the county's. */
    source: text('source').notNull().default('seed'),
    /** The officers who proposed and confirmed a county's change (none for a seed row). */
    proposedBy: uuid('proposed_by').references(() => users.id),
    confirmedBy: uuid('confirmed_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schedule, t.item, t.effectiveFrom] })],
);

/**
 * A change of a fee proposed by a county administrator: a new row of a schedule from a date
 * (never an edit of a row already charged), in force only once a second administrator confirms
 * it. Its status moves through core/applications/fee-changes.ts's table; each move is audited.
 */
export const feeChanges = pgTable(
  'fee_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    schedule: text('schedule').notNull(),
    item: text('item').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    descriptionSw: text('description_sw').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the row in force charged when the change was proposed (for the confirming officer). */
    previousCents: bigint('previous_cents', { mode: 'number' }),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('proposed'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open proposal per row to be: a second one waits for the first to be decided.
    uniqueIndex('fee_changes_one_open')
      .on(t.schedule, t.item, t.effectiveFrom)
      .where(sql`${t.status} = 'proposed'`),
    index('fee_changes_status').on(t.status, t.createdAt),
  ],
);

/**
 * Comments on an application, exchanged between county officers and the applicant while it is
 * considered (reserved parking's `ReservedParkingComments`): a written conversation beside the
 * decisions, which keep their own reasons in the status history.
 */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorType: text('author_type', { enum: ['applicant', 'officer'] }).notNull(),
    /** The applicant's user id, or the officer's staff id. */
    authorId: text('author_id').notNull(),
    /** As shown: the applicant's name, or "County officer" with the officer's name. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_comments_app_idx').on(t.applicationId, t.createdAt)],
);

/**
 * What bookings hold (decision 031): a row per resource kind, the one booked and unit (a day, or
 * a day's slot), so two applications never hold the same unit — the primary key refuses the
 * second, under any concurrency. `hold_until` is when an unpaid booking lets go (its application
 * and bill are then cancelled); null once paid. Rows go when their application is cancelled or
 * rejected.
 */
export const bookingHolds = pgTable(
  'booking_holds',
  {
    resourceKind: text('resource_kind').notNull(),
    resource: text('resource').notNull(),
    unit: text('unit').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceKind, t.resource, t.unit] }),
    index('booking_holds_application_idx').on(t.applicationId),
    index('booking_holds_unpaid_idx').on(t.holdUntil).where(sql`${t.holdUntil} is not null`),
  ],
);
