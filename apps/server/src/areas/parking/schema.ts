import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';

/** The county's parking zones; their daily fee by vehicle type is a tariff row ("parking-daily"). */
export const parkingZones = pgTable('parking_zones', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/**
 * Daily parking tickets: one per plate, zone and day (Kenya's), pending until its bill is paid,
 * then paid with its issued document. Anyone holding the ticket's id may read it (the id is
 * random and long enough not to be guessed); the account is kept when the payer was signed in.
 */
export const parkingTickets = pgTable(
  'parking_tickets',
  {
    id: text('id').primaryKey(),
    plate: text('plate').notNull(),
    zoneCode: text('zone_code')
      .notNull()
      .references(() => parkingZones.code),
    vehicleType: text('vehicle_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    billNo: text('bill_no').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    documentId: text('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parking_tickets_plate_zone_day_uq').on(t.plate, t.zoneCode, t.day),
    index('parking_tickets_plate_day_idx').on(t.plate, t.day),
    uniqueIndex('parking_tickets_bill_uq').on(t.billNo),
  ],
);

/** A signed-in motorist's vehicles (my vehicles): picked on the daily parking form. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plate: text('plate').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    make: text('make'),
    colour: text('colour'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vehicles_user_plate_uq').on(t.userId, t.plate)],
);
