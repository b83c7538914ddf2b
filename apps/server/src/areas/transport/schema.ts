import {
  bigint,
  boolean,
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

/**
 * Transport Saccos: a cooperative of public service vehicle (matatu) owners, registered on the
 * portal by its manager (an account with PSV activated), who keeps its fleet.
 */
export const saccos = pgTable(
  'saccos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The registration number from the Commissioner for Co-operatives, e.g. CS/12345. */
    registrationNo: text('registration_no').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saccos_registration_uq').on(t.registrationNo), index('saccos_user_idx').on(t.userId)],
);

/** A Sacco's vehicles: one row per plate in the fleet (a plate belongs to one Sacco at a time). */
export const saccoVehicles = pgTable(
  'sacco_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saccoId: uuid('sacco_id')
      .notNull()
      .references(() => saccos.id, { onDelete: 'cascade' }),
    plate: text('plate').notNull(),
    seats: integer('seats').notNull(),
    route: text('route').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerPhone: text('owner_phone'),
    /** The plate it carried before it was re-registered ("old number"), if any. */
    oldPlate: text('old_plate'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sacco_vehicles_plate_uq').on(t.plate),
    index('sacco_vehicles_sacco_idx').on(t.saccoId),
    index('sacco_vehicles_old_plate_idx').on(t.oldPlate),
  ],
);

/**
 * The annual PSV sticker of a vehicle: one per plate and year, pending while its bill (which may
 * carry many vehicles' stickers) is unpaid, paid with its sticker document once it is.
 */
export const psvStickers = pgTable(
  'psv_stickers',
  {
    plate: text('plate').notNull(),
    year: integer('year').notNull(),
    saccoId: uuid('sacco_id')
      .notNull()
      .references(() => saccos.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    billNo: text('bill_no').notNull(),
    status: text('status', { enum: ['pending', 'paid'] }).notNull(),
    documentId: text('document_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.plate, t.year] }), index('psv_stickers_bill_idx').on(t.billNo)],
);
