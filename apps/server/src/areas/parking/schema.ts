import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
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
 * Daily parking tickets: one standing per plate, zone and day (Kenya's), pending until its bill is
 * paid, then paid with its issued document; revoked when the county revokes that document (the
 * day may then be paid again). Anyone holding the ticket's id may read it (the id is random and
 * long enough not to be guessed); the account is kept when the payer was signed in. The id is the
 * bearer's proof, so the document prints another number (`ticket_no`), which opens nothing.
 */
export const parkingTickets = pgTable(
  'parking_tickets',
  {
    id: text('id').primaryKey(),
    /** The number the ticket prints and E-Verify shows (`PKT-<year>-…`): not the bearer's id. */
    ticketNo: text('ticket_no').notNull(),
    plate: text('plate').notNull(),
    zoneCode: text('zone_code')
      .notNull()
      .references(() => parkingZones.code),
    vehicleType: text('vehicle_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    billNo: text('bill_no').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'revoked'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    documentId: text('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parking_tickets_plate_zone_day_uq')
      .on(t.plate, t.zoneCode, t.day)
      .where(sql`${t.status} <> 'revoked'`),
    uniqueIndex('parking_tickets_no_uq').on(t.ticketNo),
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

/**
 * What a parking document covers, by plate: a seasonal ticket, a reserved bay permit, a loading
 * zone permit or a PSV sticker. Written in the transaction that issues the document (one row per
 * document, a row per plate in parking_cover_plates), read by the enforcement check and the
 * motorist's list of parking documents.
 */
export const parkingCovers = pgTable(
  'parking_covers',
  {
    documentId: text('document_id').primaryKey(),
    kind: text('kind', { enum: ['season', 'reserved', 'loading', 'psv-sticker'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceId: text('service_id').notNull(),
    /** The application it was issued for (none for a PSV sticker, which is bought by bill). */
    applicationNo: text('application_no'),
    /** The zone it is valid in; null: every zone. */
    zoneCode: text('zone_code'),
    /** Where it applies, in words (a reserved bay's road and building), for the officer. */
    place: text('place'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    /** The document that renewed it, once renewed. */
    renewedBy: text('renewed_by'),
  },
  (t) => [index('parking_covers_user_idx').on(t.userId, t.validUntil)],
);

export const parkingCoverPlates = pgTable(
  'parking_cover_plates',
  {
    plate: text('plate').notNull(),
    documentId: text('document_id')
      .notNull()
      .references(() => parkingCovers.documentId, { onDelete: 'cascade' }),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.plate] }),
    index('parking_cover_plates_plate_idx').on(t.plate, t.validUntil),
  ],
);

/** Roads and buildings where bays are reserved and loading zones are marked (seeded). */
export const parkingRoads = pgTable('parking_roads', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  zoneCode: text('zone_code')
    .notNull()
    .references(() => parkingZones.code),
  position: integer('position').notNull(),
});

export const parkingBuildings = pgTable('parking_buildings', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  roadCode: text('road_code')
    .notNull()
    .references(() => parkingRoads.code),
  position: integer('position').notNull(),
});

/** The kinds of loading zone the county marks; each one's yearly fee is a tariff row ("loading-zone"). */
export const loadingZoneTypes = pgTable('loading_zone_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});
