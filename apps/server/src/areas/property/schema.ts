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

/**
 * County estates (decision 034): the estates the county lets houses and commercial units in, the
 * houses and units with their monthly rent, and the tenancies. A tenancy's rent is a standing
 * obligation of the bills core (kind "county-rent", reference the tenancy number): its balance and
 * statement are worked out there, never kept here.
 */
export const estates = pgTable('estates', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  subCountyCode: text('sub_county_code'),
  /** Rent is due by this day of each month; later, the penalty below. */
  dueDay: integer('due_day').notNull().default(10),
  /** The late penalty on what is unpaid of a month, in parts per million (5% = 50000). */
  penaltyPpm: integer('penalty_ppm').notNull().default(0),
  position: integer('position').notNull().default(0),
});

/** A house or commercial unit the county lets, with its monthly rent. */
export const estateHouses = pgTable(
  'estate_houses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estateCode: text('estate_code')
      .notNull()
      .references(() => estates.code),
    block: text('block'),
    houseNo: text('house_no').notNull(),
    /** "residential" or "commercial". */
    use: text('use', { enum: ['residential', 'commercial'] }).notNull(),
    /** e.g. "2 rooms", "shop". */
    size: text('size').notNull(),
    monthlyRentCents: bigint('monthly_rent_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('estate_houses_no_uq').on(t.estateCode, t.houseNo),
    check('estate_houses_rent_ck', sql`${t.monthlyRentCents} > 0`),
  ],
);

/** The next of kin recorded on a tenancy (by an issued next-of-kin application): the latest wins. */
export const tenancyNextOfKin = pgTable('tenancy_next_of_kin', {
  tenancyNo: text('tenancy_no')
    .primaryKey()
    .references(() => tenancies.tenancyNo),
  name: text('name').notNull(),
  idNumber: text('id_number').notNull(),
  relationship: text('relationship').notNull(),
  phone: text('phone').notNull(),
  /** The application that recorded it. */
  applicationNo: text('application_no').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A tenancy: who rents a house from when; held by an account (null until the tenant signs up). */
export const tenancies = pgTable(
  'tenancies',
  {
    tenancyNo: text('tenancy_no').primaryKey(),
    houseId: uuid('house_id')
      .notNull()
      .references(() => estateHouses.id),
    userId: uuid('user_id').references(() => users.id),
    tenantName: text('tenant_name').notNull(),
    tenantIdNumber: text('tenant_id_number'),
    tenantPhone: text('tenant_phone'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** The first month the portal's ledger owes (earlier months were settled at the estates office). */
    rentFrom: date('rent_from', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    /**
     * The application for allocation (/property-management) it was allocated from, first on the
     * waiting list (decision 036); null for the tenancies the county had before. Once per
     * application: it is then off the list.
     */
    applicationNo: text('application_no'),
    /** Its rent (opened when the tenancy is first seen by the server: estates-service.ts). */
    obligationId: uuid('obligation_id').references(() => standingObligations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tenancies_user_idx').on(t.userId),
    // One active tenancy per house.
    uniqueIndex('tenancies_house_active_uq').on(t.houseId).where(sql`${t.status} = 'active'`),
    // One tenancy per application for allocation.
    uniqueIndex('tenancies_application_uq').on(t.applicationNo),
  ],
);
