import type { Business } from '@kaunti/contract/api-business';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { notFound } from '../../platform/errors';
import { LOOKUP_NOT_FOUND_MESSAGE } from './business-messages';
import { toBusiness } from './business-records';
import { businesses } from './schema';

/** The businesses a user may see in full: one of the register nobody holds yet, or their own. */
export function openTo(userId: string) {
  return or(and(isNull(businesses.userId), eq(businesses.inRegister, true)), eq(businesses.userId, userId));
}

/** The businesses a user holds, and a business looked up to pre-fill a form. */
export function createBusinessHoldings(db: Db) {
  return {
    /** The id of the business with this KRA PIN that the user holds, if they hold it. */
    async heldBusinessOf(userId: string, kraPin: string): Promise<string | null> {
      const [row] = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(eq(businesses.kraPin, kraPin.trim().toUpperCase()), eq(businesses.userId, userId)))
        .limit(1);
      return row?.id ?? null;
    },
    /** The businesses the user holds, newest first, a page at a time (`platform/db/pages.ts`). */
    async mine(userId: string, page: PageQuery = {}): Promise<Page<Business>> {
      const read = pageRead(page, businesses.createdAt, businesses.id, UUID_KEY);
      const rows = await db
        .select({ business: businesses, at: read.at })
        .from(businesses)
        .where(and(eq(businesses.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.business.id }),
        (r) => toBusiness(r.business),
      );
    },
    /**
     * A business by its KRA PIN or registration number, to pre-fill a form: one of the county's
     * register nobody holds yet, or the caller's own. Another account's business is not found,
     * as an unknown one is.
     */
    async lookup(userId: string, by: { kraPin?: string | undefined; regNo?: string | undefined }) {
      const kraPin = by.kraPin?.trim().toUpperCase();
      const regNo = by.regNo?.trim().toUpperCase();
      if (!kraPin && !regNo) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      const [row] = await db
        .select()
        .from(businesses)
        .where(
          and(
            kraPin ? eq(businesses.kraPin, kraPin) : sql`upper(${businesses.regNo}) = ${regNo}`,
            openTo(userId),
          ),
        )
        .limit(1);
      if (!row) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      // The register's business as registered; how to reach it (phone, email, contact person)
      // only to its holder — whoever knows a KRA PIN is not owed the owner's phone number.
      if (row.userId === userId) return { ...toBusiness(row), yours: true, phone_ending: null };
      return {
        ...toBusiness(row),
        business_phone: null,
        business_email: null,
        contact_name: null,
        yours: false,
        phone_ending: row.phone ? row.phone.slice(-3) : null,
      };
    },
  };
}
