import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { standingObligations } from '../../core/bills/schema';

/** The kinds of stall the county lets in its markets. */
export const STALL_TYPES = ['open-space', 'kiosk', 'lock-up', 'cold-room'] as const;
export type StallType = (typeof STALL_TYPES)[number];

/**
 * Market stalls (decision 035): each stall of each of the county's markets (the catalogue's
 * `markets` list, by code), its kind and its monthly rent. Whether it is vacant is whether it has
 * an active allocation.
 */
export const marketStalls = pgTable(
  'market_stalls',
  {
    /** e.g. "WAK-OS-001": market, kind, number. */
    stallNo: text('stall_no').primaryKey(),
    marketCode: text('market_code').notNull(),
    stallType: text('stall_type', { enum: STALL_TYPES }).notNull(),
    monthlyRentCents: bigint('monthly_rent_cents', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('market_stalls_market_idx').on(t.marketCode, t.stallType),
    check('market_stalls_rent_ck', sql`${t.monthlyRentCents} > 0`),
  ],
);

/**
 * A stall let to a trader: by an issued stall application (its number), or by the seed. Its rent
 * is a standing obligation of the bills core (kind "stall-rent", reference the allocation's id):
 * its balance and statement are worked out there, never kept here.
 */
export const stallAllocations = pgTable(
  'stall_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stallNo: text('stall_no')
      .notNull()
      .references(() => marketStalls.stallNo),
    userId: uuid('user_id').references(() => users.id),
    traderName: text('trader_name').notNull(),
    goodsSold: text('goods_sold').notNull(),
    /** The stall application that allocated it (null for one the seed made). */
    applicationNo: text('application_no').unique(),
    allocatedOn: date('allocated_on', { mode: 'string' }).notNull(),
    /** The first month of rent the portal's ledger owes. */
    rentFrom: date('rent_from', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    obligationId: uuid('obligation_id').references(() => standingObligations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stall_allocations_user_idx').on(t.userId),
    // One trader per stall: never two active allocations of the same stall.
    uniqueIndex('stall_allocations_stall_active_uq').on(t.stallNo).where(sql`${t.status} = 'active'`),
  ],
);
