import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
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
    /** The businesses the user holds. */
    async mine(userId: string) {
      const rows = await db
        .select()
        .from(businesses)
        .where(eq(businesses.userId, userId))
        .orderBy(asc(businesses.name));
      return rows.map(toBusiness);
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
