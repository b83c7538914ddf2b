import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import { firstMonthOwed } from '../../core/bills/standing-rule';
import { StateMachine } from '../../platform/state-machine';

// What an allocation is bound by: its letter, its moves, the first month of rent and its SMS.

/** The letter of allocation (catalogue: registries/documents.ts), at /downloads/official-letter. */
export const ALLOCATION_LETTER = 'house-allocation-letter';

/**
 * The moves of an allocation, each asserted and audited: a house goes from vacant to let (a
 * tenancy ending lets it go back), and an applicant from waiting on the list to allocated (final:
 * they are off the list).
 */
export const houseStatus = new StateMachine<'vacant' | 'let'>('house', { vacant: ['let'], let: ['vacant'] });
export const waitingStatus = new StateMachine<'waiting' | 'allocated'>('waiting list place', {
  waiting: ['allocated'],
  allocated: [],
});

export type Use = 'residential' | 'commercial';

/** The first month a house let today owes: this month while its due day is to come, else the next. */
export function firstRentMonth(today: { year: number; month: number; day: number }, dueDay: number): string {
  return firstMonthOwed(today, dueDay);
}

export const SMS: Record<
  AccountLanguage,
  (a: {
    house: string;
    estate: string;
    applicationNo: string;
    tenancyNo: string;
    rent: string;
    from: string;
    url: string;
  }) => string
> = {
  en: (a) =>
    `County e-services: ${a.house}, ${a.estate} is allocated to you (application ${a.applicationNo}). Tenancy ${a.tenancyNo}, rent ${a.rent} a month from ${a.from}. Your letter: ${a.url}`,
  sw: (a) =>
    `Huduma za kaunti: umepewa ${a.house}, ${a.estate} (ombi ${a.applicationNo}). Upangaji ${a.tenancyNo}, kodi ${a.rent} kwa mwezi kuanzia ${a.from}. Barua yako: ${a.url}`,
};
