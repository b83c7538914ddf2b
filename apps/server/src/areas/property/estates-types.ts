import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import type { createAllocation } from './allocation';
import type { TenancyReads } from './tenancy-reads';

/** What the estates service is made from (the area hands it over). */
export type EstatesServiceDeps = Omit<Parameters<typeof createAllocation>[0], 'db' | 'standing'> & {
  db: Db;
  standing: StandingChargeService;
};

/** What the estates modules share: the deps and the tenancies' reads. */
export type EstatesParts = EstatesServiceDeps & { reads: TenancyReads };
