import { z } from 'zod';

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
