import { z } from 'zod';
import { nextCursorSchema } from './api-bills';
import { statementMonthSchema, statementPaymentSchema } from './api-estates';
import { centsSchema } from './cents-schema';

/** `GET /api/markets`: the county's markets and cess barriers, each with its sub-county. */
export const marketsResponseSchema = z
  .array(
    z.object({
      code: z.string(),
      name: z.string(),
      sub_county: z.string(),
      kind: z.enum(['market', 'barrier']).describe('A market, or a county barrier on a road (cess only).'),
    }),
  )
  .meta({ id: 'Markets' });
export type Market = z.infer<typeof marketsResponseSchema>[number];

/** `GET /api/markets/cess/produce`: what cess is charged on, its unit and its fee per unit. */
export const cessProduceResponseSchema = z
  .array(
    z.object({
      code: z.string(),
      name: z.string(),
      unit: z.string(),
      fee_cents: z.int().describe('The cess of one unit, in integer cents.'),
    }),
  )
  .meta({ id: 'CessProduce' });
export type CessProduce = z.infer<typeof cessProduceResponseSchema>[number];

/**
 * Market stalls (issue 41, decision 035). Public: the markets that let stalls and a market's
 * vacant stalls of a kind. Signed in: the trader's stalls, a stall's rent statement and a bill of
 * its rent (a standing charge of the bills core, decision 028); another's stall is a 404.
 *
 *  - `GET  /api/markets/stall-markets`                        → {@link stallMarketsResponseSchema}
 *  - `GET  /api/markets/vacant-stalls?market_code=&stall_type=` → {@link vacantStallsResponseSchema}
 *  - `GET  /api/markets/stalls`                               → {@link stallsResponseSchema}
 *  - `GET  /api/markets/stalls/{stall_no}`                    → {@link stallDetailSchema}
 *  - `POST /api/markets/stalls/{stall_no}/bill`               body `{ months }` → a bill
 */
export const stallTypeSchema = z
  .enum(['open-space', 'kiosk', 'lock-up', 'cold-room'])
  .describe('The kind of stall: an open space on the market floor, a kiosk, a lock-up stall or a cold room.');
export type StallType = z.infer<typeof stallTypeSchema>;

export const stallMarketsResponseSchema = z
  .object({
    data: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        sub_county: z.string(),
        vacant: z.int().nonnegative().describe('How many of its stalls are vacant, of every kind.'),
      }),
    ),
  })
  .describe('StallMarkets');

export const vacantStallsQuerySchema = z.object({
  market_code: z.string().trim().min(1).max(10).describe('The market, e.g. "WAK".'),
  stall_type: stallTypeSchema,
});

export const vacantStallSchema = z.object({
  stall_no: z.string().describe('e.g. "WAK-OS-003".'),
  stall_type: stallTypeSchema,
  monthly_rent_cents: centsSchema,
});
export type VacantStall = z.infer<typeof vacantStallSchema>;

export const vacantStallsResponseSchema = z
  .object({
    data: z
      .array(vacantStallSchema)
      .describe('The vacant stalls, lowest number first (the next one allocated).'),
  })
  .describe('VacantStalls');

export const stallSchema = z
  .object({
    stall_no: z.string(),
    market_code: z.string(),
    market: z.string().describe('The market by name (in Kiswahili to `Accept-Language: sw`).'),
    sub_county: z.string(),
    stall_type: stallTypeSchema,
    goods_sold: z.string(),
    trader_name: z.string(),
    allocated_on: z.string().describe('YYYY-MM-DD'),
    application_no: z
      .string()
      .nullable()
      .describe('The stall application that allocated it (null for older ones).'),
    monthly_rent_cents: centsSchema,
    balance_cents: centsSchema.describe('What is owed now: unpaid rent and penalties, oldest first.'),
    credit_cents: centsSchema.describe('Paid beyond everything raised: the next months take it.'),
    months_in_arrears: z.int().nonnegative(),
  })
  .describe('A market stall let to the trader');
export type Stall = z.infer<typeof stallSchema>;

export const stallsResponseSchema = z
  .object({ data: z.array(stallSchema), next_cursor: nextCursorSchema })
  .describe('Stalls');

export const stallDetailSchema = stallSchema
  .extend({
    statement: z.array(statementMonthSchema).describe('Month by month, oldest first.'),
    payments: z.array(statementPaymentSchema).describe('Payments received, oldest first.'),
  })
  .describe('A stall with its rent statement');
export type StallDetail = z.infer<typeof stallDetailSchema>;

export const stallParamsSchema = z.object({
  stall_no: z.string().trim().min(1).max(20).describe('The stall number, e.g. "WAK-OS-003".'),
});
