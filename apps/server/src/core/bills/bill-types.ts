import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import type { BillStatus } from '@kaunti/contract/api-bills';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import type { Actor } from '../audit/audit';
import type { billLines, bills } from './schema';

// The types a bill is raised, read and paid with, and the obligation handlers' signatures.

export type BillRow = typeof bills.$inferSelect;

/** "First Middle Surname", skipping empty parts. */
export function fullName(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(' ');
}
export type LineRow = typeof billLines.$inferSelect;
/** What a bill's line shows (the API, a list's JSON lines). */
export type ShownLine = Pick<LineRow, 'amountCents' | 'description' | 'descriptionSw' | 'parcel' | 'code'>;
/** The languages a bill's lines are shown in. */
export type BillLanguage = 'en' | 'sw';

export interface RaiseBillInput {
  /** The account whose obligations it sits on; null when no account holds the billed thing. */
  userId: string | null;
  /** Whom it is addressed to (the rated owner), frozen on the bill. Default: the account holder's name now. */
  customerName?: string;
  description: string;
  /** The description in Kiswahili (what a Kiswahili reader's bill, invoice and receipt say). */
  descriptionSw?: string | null;
  lines: readonly FeeLine[];
  /** The language the answer is in (the bill keeps its words in both): the asker's. Default English. */
  answerIn?: BillLanguage;
  applicationId?: string | null;
  applicationNo?: string | null;
  serviceId?: string | null;
  /** What raised it, so the raising area can find it again (e.g. "land-rates:209/10001:2026"). */
  sourceKey?: string | null;
  /** The sub-county of the billed thing, for the collections report. */
  subCountyCode?: string | null;
  /** Default: 30 days from today (Kenya). */
  dueDate?: string;
  actor: Actor;
  requestId?: string;
}

/** A bill as the payments module needs it, found by number without an owner (callbacks, C2B). */
export interface PayableBill {
  id: string;
  billNo: string;
  userId: string | null;
  /** The obligation it bills (a thing and its period), if any: anyone may pay such a bill. */
  sourceKey: string | null;
  status: BillStatus;
  description: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  applicationId: string | null;
}

/**
 * A bill locked for a payment (`lockForPayment`), with the name its account holder has now (null
 * when no account holds it): `applyPayment` takes it instead of reading the bill again.
 */
export interface LockedBill {
  row: BillRow;
  accountName: string | null;
}

export interface ApplyPaymentInput {
  billNo: string;
  /** The bill, already locked in this transaction by `lockForPayment` (its number is `billNo`). */
  locked?: LockedBill;
  /** What came in, in cents (> 0). */
  amountCents: number;
  actor: Actor;
  /** The payment's reference (e.g. the M-Pesa receipt number), kept in the audit row. */
  reference: string;
  /**
   * Not money: the debt taken over by something else that bills it anew (a payment plan). The bill
   * is settled, but no receipt acknowledges this part as received (`settled_cents`).
   */
  settlement?: boolean;
  requestId?: string;
}

export interface PaymentApplied {
  billNo: string;
  status: BillStatus;
  /** True when this payment moved the bill to paid. */
  becamePaid: boolean;
  paidCents: number;
  balanceCents: number;
  /** The part of this payment beyond the balance, added to the bill's credit. */
  creditAddedCents: number;
  applicationId: string | null;
}

/**
 * Runs inside the payment's transaction when a bill of an obligation becomes paid, so the area
 * that owns the billed thing settles it (e.g. the parcel register's rates account).
 */
export type ObligationPaidHandler = (tx: Db, bill: BillRow, requestId?: string) => Promise<void>;

/**
 * Runs inside the payment's transaction for every payment a bill of an obligation receives (the
 * part that went to its balance, > 0): a standing obligation's ledger counts each one, paid in
 * full or not.
 */
export type ObligationPaymentHandler = (
  tx: Db,
  bill: BillRow,
  payment: { amountCents: number; reference: string },
  requestId?: string,
) => Promise<void>;

/** A unique violation of the "one open bill per obligation" index: someone raised it meanwhile. */
export function isOpenObligationClash(error: unknown): boolean {
  return isUniqueViolation(error, 'bills_open_obligation_uq');
}
