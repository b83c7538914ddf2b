import type { StallType } from '@kaunti/contract/api-markets';
import { firstMonthOwed } from '../../core/bills/standing-rule';
import { notFound } from '../../platform/errors';
import { STALL_TYPES } from './schema';

/** The standing obligations of stall rent carry this kind; their reference is the allocation's id. */
export const STALL_RENT = 'stall-rent';
/** The catalogue service that applies for a stall (services/markets/market-stalls). */
export const STALL_SERVICE = 'market-stalls';
/** Stall rent is due by the 10th of each month; a month unpaid after it adds 5% of what is unpaid (once). */
export const STALL_RENT_DUE_DAY = 10;
export const STALL_RENT_PENALTY_PPM = 50_000;

export const STALL_WORDS: Record<StallType, string> = {
  'open-space': 'open space',
  kiosk: 'kiosk',
  'lock-up': 'lock-up stall',
  'cold-room': 'cold room',
};

/**
 * The first month a stall allocated today owes: this month when its due day is still to come,
 * else the next (a stall let on the 29th is never late for a month it had one day of).
 */
export function firstRentMonth(today: { year: number; month: number; day: number }): string {
  return firstMonthOwed(today, STALL_RENT_DUE_DAY);
}

export const stallNotFound = () => notFound('We could not find that stall on your account.');
export const isStallType = (value: unknown): value is StallType =>
  typeof value === 'string' && (STALL_TYPES as readonly string[]).includes(value);
