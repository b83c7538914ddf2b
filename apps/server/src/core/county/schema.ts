import type { BankAccount, CountyContacts, Letterhead } from '@kaunti/contract/api-county';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The county this deployment serves: one row, written by the seed from configuration. */
export const county = pgTable('county', {
  code: text('code').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  portalName: text('portal_name').notNull(),
  currency: text('currency').notNull().default('KES'),
  paybill: text('paybill').notNull(),
  bankAccounts: jsonb('bank_accounts').$type<BankAccount[]>().notNull(),
  contacts: jsonb('contacts').$type<CountyContacts>().notNull(),
  letterhead: jsonb('letterhead').$type<Letterhead>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subCounties = pgTable('sub_counties', {
  code: text('code').primaryKey(),
  countyCode: text('county_code')
    .notNull()
    .references(() => county.code),
  name: text('name').notNull(),
});

export const wards = pgTable(
  'wards',
  {
    code: text('code').primaryKey(),
    subCountyCode: text('sub_county_code')
      .notNull()
      .references(() => subCounties.code),
    name: text('name').notNull(),
  },
  (t) => [index('wards_sub_county_idx').on(t.subCountyCode)],
);

/**
 * The county's reference data lists that the service folders declare as data (the catalogue's
 * reference-data.ts: clinics, grounds, markets, vaccines…), one table for all of them: seeded from
 * the folders for the county at every start, answered by `GET /api/reference-data/{list}`.
 */
export const referenceItems = pgTable(
  'reference_items',
  {
    list: text('list').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameSw: text('name_sw').notNull(),
    /** The item of another list (or a field's value) this one belongs under. */
    parent: text('parent'),
    position: integer('position').notNull(),
    /** What else the folder says of it (a unit, an amount in cents, coordinates). */
    extra: jsonb('extra').$type<Record<string, string | number | boolean>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.list, t.code] }), index('reference_items_parent').on(t.list, t.parent)],
);
