import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import {
  computeFee,
  type FeeContext,
  type FeeLine,
  FeeNotConfiguredError,
} from '@kaunti/catalogue/registries/fee-rules';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { AppError } from '../../platform/errors';
import { kenyaToday } from '../bills/kenya-date';
import { feeSchedules } from './schema';

export interface FeeScheduleItem {
  schedule: string;
  item: string;
  description: string;
  amountCents: number;
}

/** Writes fee schedule items (seed data); running it again updates amounts, never duplicates. */
export async function upsertFeeSchedule(db: Db, items: readonly FeeScheduleItem[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(feeSchedules)
    .values(items.map((i) => ({ ...i, updatedAt: new Date() })))
    .onConflictDoUpdate({
      target: [feeSchedules.schedule, feeSchedules.item],
      set: {
        description: sql`excluded.description`,
        amountCents: sql`excluded.amount_cents`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** A fee schedule's amounts by item (cents): what a list shows beside its choices (zones, services). */
export async function feeAmountsOf(db: Db, schedule: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ item: feeSchedules.item, amountCents: feeSchedules.amountCents })
    .from(feeSchedules)
    .where(eq(feeSchedules.schedule, schedule));
  return new Map(rows.map((r) => [r.item, r.amountCents]));
}

/**
 * The tariff rows of (schedule, item) pairs: one statement built once (a named statement on
 * PostgreSQL), whatever the number of pairs, instead of an OR of pairs built and planned anew
 * for every price (measured: bench/business.mjs).
 */
const tariffRows = preparedStatement((on) =>
  on
    .select()
    .from(feeSchedules)
    .where(
      sql`(${feeSchedules.schedule}, ${feeSchedules.item}) in (select * from unnest(${sql.placeholder('schedules')}::text[], ${sql.placeholder('items')}::text[]))`,
    )
    .prepare('kaunti_tariff_rows'),
);

/**
 * Works out a service's fee for validated values, reading amounts from the seeded schedules.
 * A rule that cannot be priced (a schedule item missing) is the county's configuration gap:
 * answered 503 with a sentence the citizen can act on, and logged by the error handler.
 */
export async function priceService(
  db: Db,
  service: ServiceDefinition,
  values: Record<string, unknown>,
  extra: Partial<Pick<FeeContext, 'parcel' | 'rating'>> = {},
): Promise<FeeLine[]> {
  const today = kenyaToday();
  // Which tariff rows the rule reads for these answers: asked of the rule itself (a dry run whose
  // every row exists), so only those rows are read — a few, not the county's whole schedule.
  const wanted = new Map<string, { schedule: string; item: string }>();
  try {
    computeFee(service.fee, {
      values,
      tariff: (schedule, item) => {
        wanted.set(`${schedule}\u0000${item}`, { schedule, item });
        return { description: '', amount_cents: 0 };
      },
      today,
      ...extra,
    });
  } catch {
    // The real run below says what is wrong.
  }
  const keys = [...wanted.values()];
  const rows =
    keys.length === 0
      ? []
      : await tariffRows.run(db, {
          schedules: keys.map((k) => k.schedule),
          items: keys.map((k) => k.item),
        });
  const byKey = new Map(rows.map((r) => [`${r.schedule}\u0000${r.item}`, r]));
  try {
    return computeFee(service.fee, {
      values,
      tariff: (schedule, item) => {
        const row = byKey.get(`${schedule}\u0000${item}`);
        return row ? { description: row.description, amount_cents: row.amountCents } : undefined;
      },
      today,
      ...extra,
    });
  } catch (error) {
    if (error instanceof FeeNotConfiguredError) {
      throw new AppError(
        503,
        'service_unavailable',
        'The fee for this service is not set up yet. Please try again later or visit a county office.',
      );
    }
    throw error;
  }
}
