import type { BankAccount, CountyContacts, Letterhead } from '@kaunti/contract/api-county';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
