import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';

/**
 * The county's trade licence schedule: category → sub-category → industry → activity. Each
 * activity carries the spec's names (`brim_desc`: category, `fa_category_desc`: sub-category,
 * `ubpsubcategory3_name`: industry) and which of the charges a unified permit bundles it needs.
 * Its fee by size is a tariff row (fee schedule "sbp-fees"), written by the seed from the same data.
 */
export const businessActivities = pgTable(
  'business_activities',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    subCategory: text('sub_category').notNull(),
    industry: text('industry').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('business_activities_industry_idx').on(t.industry)],
);

/** Kenyan postal codes and their post offices. */
export const postalCodes = pgTable('postal_codes', {
  code: text('code').primaryKey(),
  postOffice: text('post_office').notNull(),
});

/**
 * Businesses. One the county already knows (its register, seeded: `in_register`) has no account
 * until a citizen takes it over with the code sent to its registered phone (decision 029). A KRA
 * PIN the register does not know is written here only when its first permit is paid: the payer
 * holds it from then on. Whoever else says it is theirs files a claim (`business_claims`) that
 * business officers decide. A citizen may hold several. The contact person is kept per business.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subsidiaryName: text('subsidiary_name'),
    kraPin: text('kra_pin').notNull(),
    regNo: text('reg_no'),
    postalAddress: text('postal_address'),
    postalCode: text('postal_code'),
    phone: text('phone'),
    email: text('email'),
    contactName: text('contact_name'),
    /** Known to the county's register (seeded or imported); otherwise only as its holder gave it. */
    inRegister: boolean('in_register').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('businesses_kra_pin_uq').on(t.kraPin),
    index('businesses_reg_no_idx').on(sql`upper(${t.regNo})`),
    index('businesses_user_idx').on(t.userId),
  ],
);

/**
 * Claims to act for a business another account holds (the parcel claims' pattern, decision 029):
 * filed by the claimant, or by the engine when a permit is paid for a business someone else came
 * to hold meanwhile. Business officers decide; handing a business over takes two of them: one
 * recommends it (`recommended`), another accepts it. At most one open claim per business and account.
 */
export const businessClaims = pgTable(
  'business_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'recommended', 'accepted', 'rejected'] }).notNull(),
    /** The application whose paid permit filed it, when the engine did. */
    applicationNo: text('application_no'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by'),
    recommendedBy: uuid('recommended_by'),
    recommendedAt: timestamp('recommended_at', { withTimezone: true }),
    recommendationReason: text('recommendation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('business_claims_open_uq')
      .on(t.businessId, t.userId)
      .where(sql`${t.status} in ('pending', 'recommended')`),
    index('business_claims_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A business's permits: written when a permit (or certificate) of a business service is issued,
 * so /permits, renewals and reminders find them without reading applications' answers.
 */
export const businessPermits = pgTable(
  'business_permits',
  {
    documentId: text('document_id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    serviceId: text('service_id').notNull(),
    applicationNo: text('application_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a renewal of it is issued: it is then followed by that one. */
    renewedBy: text('renewed_by'),
  },
  (t) => [
    index('business_permits_business_idx').on(t.businessId, t.serviceId, t.expiresAt),
    index('business_permits_expiry_idx').on(t.expiresAt),
  ],
);

/** Pest control operators licensed by the county. */
export const pestControlProviders = pgTable('pest_control_providers', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  licenceNo: text('licence_no').notNull(),
  phone: text('phone').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Pest control services (fumigation, rodent control…); the fee is a tariff row ("pest-control"). */
export const pestControlServices = pgTable('pest_control_services', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  products: text('products').notNull(),
  position: integer('position').notNull(),
});
