import type { PermitState } from '@kaunti/contract/api-business';
import { formatDocumentDate } from '@kaunti/contract/dates';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A permit may be renewed from this many days before it expires (business permits). */
export const RENEWAL_WINDOW_DAYS = 30;

/** The first moment a document expiring then may be renewed (`windowDays` before it expires). */
export function renewalOpensAt(expiresAt: Date, windowDays: number = RENEWAL_WINDOW_DAYS): Date {
  return new Date(expiresAt.getTime() - windowDays * DAY_MS);
}

/** Why a document may not be renewed yet, naming when it may. */
export function tooEarlyToRenew(
  what: string,
  expiresAt: Date,
  windowDays: number = RENEWAL_WINDOW_DAYS,
): string {
  return `${what} is valid until ${formatDocumentDate(expiresAt)}. You can renew it from ${formatDocumentDate(renewalOpensAt(expiresAt, windowDays))}.`;
}

/** Reminders go this many days before a renewable document expires, each once. */
export const REMINDER_DAYS = [30, 7] as const;

/** Where a renewable document stands on /permits at `now` (ms). */
export function permitStateOf(
  status: string,
  renewedBy: string | null,
  expiresAt: Date,
  now: number,
): PermitState {
  if (status === 'revoked') return 'revoked';
  if (renewedBy) return 'renewed';
  if (expiresAt.getTime() <= now) return 'expired';
  if (now >= renewalOpensAt(expiresAt).getTime()) return 'expiring';
  return 'active';
}
