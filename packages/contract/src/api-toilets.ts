import { z } from 'zod';
import { nextCursorSchema } from './api-bills';

/** `GET /api/public-toilets`: the county's public toilets, where they are, hours, fee and access. */
export const publicToiletSchema = z
  .object({
    id: z.string().describe('Its code: the `{id}` of its pay and fault paths.'),
    name: z.string(),
    location: z.string(),
    sub_county: z.string(),
    fee_cents: z.int().describe('One entry, in integer cents.'),
    monthly_fee_cents: z.int().nullable().describe('A monthly pass, in integer cents.'),
    hours: z.string().describe('Opening hours, e.g. "06:00–22:00".'),
    accessible: z.boolean().describe('Accessible to wheelchair users.'),
    lat: z.number().nullable().describe('Latitude, where known (to list by distance).'),
    lng: z.number().nullable(),
    open_faults: z.int().describe('Faults reported and not yet closed by an officer.'),
  })
  .meta({ id: 'PublicToilet' });
export type PublicToilet = z.infer<typeof publicToiletSchema>;
export const publicToiletsResponseSchema = z.array(publicToiletSchema).meta({ id: 'PublicToilets' });

export const TOILET_FAULT_KINDS = ['closed', 'dirty', 'no_water'] as const;

export const toiletFaultRequestSchema = z
  .object({
    kind: z.enum(TOILET_FAULT_KINDS).describe('closed, dirty or no water'),
    note: z.string().max(300).optional().describe('What else the officer should know.'),
  })
  .meta({ id: 'ToiletFaultReport' })
  .meta({ examples: [{ kind: 'no_water', note: 'No water in the taps since morning' }] });

export const toiletFaultSchema = z
  .object({
    id: z.string(),
    toilet_id: z.string(),
    toilet_name: z.string(),
    kind: z.enum(TOILET_FAULT_KINDS),
    note: z.string().nullable(),
    status: z.enum(['open', 'closed']),
    reported_at: z.string(),
    closed_at: z.string().nullable(),
  })
  .meta({ id: 'ToiletFault' });
export type ToiletFault = z.infer<typeof toiletFaultSchema>;
export const toiletFaultsResponseSchema = z
  .object({ data: z.array(toiletFaultSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'ToiletFaults' });
export const toiletFaultParamsSchema = z.object({ fault_id: z.uuid() });
export const toiletParamsSchema = z.object({ id: z.string().max(10) });
