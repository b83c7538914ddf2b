import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import {
  computeFee,
  type FeeContext,
  type FeeLine,
  FeeNotConfiguredError,
} from '@kaunti/catalogue/registries/fee-rules';
import type { TariffRow } from '@kaunti/catalogue/tariff';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { AppError } from '../../platform/errors';
import { kenyaDate, kenyaToday } from '../bills/kenya-date';
import { feeSchedules } from './schema';

/** Rows written in one statement when the seed loads the catalogue's (thousands of them). */
const LOAD_BATCH = 500;

/**
 * The one loader of fee rows: the catalogue's folders' (tariffRowsOf, at every start) and a
 * fixture's. Each row is written once: a row already there — a county's confirmed change
 * included — is never written over, and a row of a new date is added beside the older ones, so
 * a bill priced before it keeps its price. Answers how many rows were new.
 */
export async function loadTariffRows(db: Db, rows: readonly TariffRow[]): Promise<number> {
  let added = 0;
  for (let at = 0; at < rows.length; at += LOAD_BATCH) {
    const batch = rows.slice(at, at + LOAD_BATCH);
    const inserted = await db
      .insert(feeSchedules)
      .values(
        batch.map((row) => ({
          schedule: row.schedule,
          item: row.item,
          effectiveFrom: row.effective_from,
          description: row.description,
          descriptionSw: row.description_sw,
          amountCents: row.amount_cents,
          source: 'seed',
        })),
      )
      .onConflictDoNothing({
        target: [feeSchedules.schedule, feeSchedules.item, feeSchedules.effectiveFrom],
      })
      .returning({ item: feeSchedules.item });
    added += inserted.length;
  }
  return added;
}

/** A row of a fee schedule in force on a day: its amount, its words and when it started. */
export interface TariffInForce {
  schedule: string;
  item: string;
  description: string;
  descriptionSw: string;
  amountCents: number;
  effectiveFrom: string;
}

/** The rows of one schedule in force on `day` (Kenya's calendar, default today), by item. */
export async function tariffInForce(
  db: Db,
  schedule: string,
  day: string = kenyaDate(),
): Promise<Map<string, TariffInForce>> {
  const rows = await db
    .selectDistinctOn([feeSchedules.item], {
      schedule: feeSchedules.schedule,
      item: feeSchedules.item,
      description: feeSchedules.description,
      descriptionSw: feeSchedules.descriptionSw,
      amountCents: feeSchedules.amountCents,
      effectiveFrom: feeSchedules.effectiveFrom,
    })
    .from(feeSchedules)
    .where(and(eq(feeSchedules.schedule, schedule), lte(feeSchedules.effectiveFrom, day)))
    .orderBy(feeSchedules.item, desc(feeSchedules.effectiveFrom));
  return new Map(rows.map((r) => [r.item, r]));
}

/** A fee schedule's amounts in force today by item (cents): what a list shows beside its choices. */
export async function feeAmountsOf(db: Db, schedule: string): Promise<Map<string, number>> {
  const rows = await tariffInForce(db, schedule);
  return new Map([...rows].map(([item, row]) => [item, row.amountCents]));
}

/**
 * The tariff rows of (schedule, item) pairs in force on a day: one statement built once (a named
 * statement on PostgreSQL), whatever the number of pairs, instead of an OR of pairs built and
 * planned anew for every price (measured: bench/business.mjs).
 */
const tariffRows = preparedStatement((on) =>
  on
    .selectDistinctOn([feeSchedules.schedule, feeSchedules.item])
    .from(feeSchedules)
    .where(
      sql`(${feeSchedules.schedule}, ${feeSchedules.item}) in (select * from unnest(${sql.placeholder('schedules')}::text[], ${sql.placeholder('items')}::text[])) and ${feeSchedules.effectiveFrom} <= ${sql.placeholder('day')}::date`,
    )
    .orderBy(feeSchedules.schedule, feeSchedules.item, desc(feeSchedules.effectiveFrom))
    .prepare('kaunti_tariff_rows_in_force'),
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
          day: `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`,
        });
  const byKey = new Map(rows.map((r) => [`${r.schedule}\u0000${r.item}`, r]));
  try {
    return computeFee(service.fee, {
      values,
      tariff: (schedule, item) => {
        const row = byKey.get(`${schedule}\u0000${item}`);
        return row
          ? { description: row.description, description_sw: row.descriptionSw, amount_cents: row.amountCents }
          : undefined;
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
