import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';
import { subCounties, wards } from '../../core/county/schema';

/** Land use codes; each carries the rate charged on site value for that use (county rating law). */
export const landUses = pgTable('land_uses', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  /** The annual rate in parts per million of the site value (0.115% = 1150). */
  ratePpm: integer('rate_ppm').notNull(),
  position: integer('position').notNull(),
});

/** Reasons for a land owner amendment (sale, succession, ...). */
export const landReasons = pgTable('land_reasons', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/** Ground rent / stand premium service types. */
export const groundRentServiceTypes = pgTable('ground_rent_service_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

/** Ground rent zones by sub-county and ward, with their annual ground rent and stand premium. */
export const groundRentZones = pgTable(
  'ground_rent_zones',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    subCountyCode: text('sub_county_code')
      .notNull()
      .references(() => subCounties.code),
    wardCode: text('ward_code')
      .notNull()
      .references(() => wards.code),
    groundRentCents: bigint('ground_rent_cents', { mode: 'number' }).notNull(),
    standPremiumCents: bigint('stand_premium_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('ground_rent_zones_ward_idx').on(t.subCountyCode, t.wardCode)],
);

/** The county's land services (survey, planning, valuation, ...). */
export const landServices = pgTable('land_services', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
});

/** Land survey service types, under a land service, with their fee. */
export const surveyServiceTypes = pgTable('land_survey_service_types', {
  code: text('code').primaryKey(),
  landServiceCode: text('land_service_code')
    .notNull()
    .references(() => landServices.code),
  name: text('name').notNull(),
  description: text('description').notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  position: integer('position').notNull(),
});

/** Licensed consultants (surveyors, valuers, planners) an applicant may appoint. */
export const landConsultants = pgTable('land_consultants', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  firm: text('firm').notNull(),
  profession: text('profession', { enum: ['surveyor', 'valuer', 'planner'] }).notNull(),
  licenceNo: text('licence_no').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
});

/** The county's rating settings (one row per county): the penalty on arrears. */
export const landRatingSettings = pgTable('land_rating_settings', {
  countyCode: text('county_code').primaryKey(),
  /** Penalty on arrears per month, parts per million (1% = 10000). */
  penaltyMonthlyPpm: integer('penalty_monthly_ppm').notNull(),
  /** The valuation roll the site values come from, e.g. "Nairobi Valuation Roll 2019". */
  valuationRoll: text('valuation_roll').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The county's parcel register (rates roll). `lr_key` is the LR number upper-cased without
 * spaces, so "209/10001", " 209 / 10001 " and "nairobi/block 72/1234" find their parcel.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lrNumber: text('lr_number').notNull(),
    lrKey: text('lr_key').notNull(),
    subCountyCode: text('sub_county_code')
      .notNull()
      .references(() => subCounties.code),
    wardCode: text('ward_code')
      .notNull()
      .references(() => wards.code),
    landUseCode: text('land_use_code')
      .notNull()
      .references(() => landUses.code),
    areaSqFt: integer('area_sq_ft').notNull(),
    siteValueCents: bigint('site_value_cents', { mode: 'number' }).notNull(),
    /** Unpaid rates of earlier years. */
    arrearsCents: bigint('arrears_cents', { mode: 'number' }).notNull().default(0),
    /** The last year whose rates are fully paid (settled from a paid rates bill); null if none known. */
    ratesPaidYear: integer('rates_paid_year'),
    ownerName: text('owner_name').notNull(),
    /** National ID number or KRA PIN of the registered owner. */
    ownerIdentifier: text('owner_identifier').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('parcels_lr_key_uq').on(t.lrKey), index('parcels_owner_idx').on(t.ownerIdentifier)],
);

/** Parcels linked to customer accounts (Add land). A parcel is linked to at most one account. */
export const customerParcels = pgTable(
  'customer_parcels',
  {
    parcelId: uuid('parcel_id')
      .primaryKey()
      .references(() => parcels.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_parcels_user_idx').on(t.userId)],
);

/**
 * Ownership claims (decision 007): someone asked to link a parcel whose registered owner's ID
 * number / KRA PIN is not theirs. County land officers decide; a claim never blocks the owner.
 * Accepting hands a parcel to someone, so it takes two officers: one recommends it
 * (`recommended`), another accepts it. At most one open claim per parcel and account.
 */
export const parcelClaims = pgTable(
  'parcel_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parcelId: uuid('parcel_id')
      .notNull()
      .references(() => parcels.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'recommended', 'accepted', 'rejected'] }).notNull(),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by'),
    /** The first officer who recommended accepting it, when, and why. */
    recommendedBy: uuid('recommended_by'),
    recommendedAt: timestamp('recommended_at', { withTimezone: true }),
    recommendationReason: text('recommendation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parcel_claims_pending_uq')
      .on(t.parcelId, t.userId)
      .where(sql`${t.status} in ('pending', 'recommended')`),
    index('parcel_claims_status_idx').on(t.status, t.createdAt),
  ],
);
