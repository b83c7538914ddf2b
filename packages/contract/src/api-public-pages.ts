import { z } from 'zod';

/** An issued event's public page (`GET /api/events/{id}`, `/social/event/{id}`). */
export const eventPageSchema = z
  .object({
    id: z.string().describe("The event permit's document id."),
    name: z.string().describe('The name of the event.'),
    organiser: z.string().describe('The organisation holding it (never a person’s phone or ID).'),
    venue: z.string(),
    starts_on: z.iso.date().describe('The first day, YYYY-MM-DD.'),
    ends_on: z.iso.date().describe('The last day, YYYY-MM-DD.'),
    permit_status: z
      .enum(['valid', 'revoked', 'expired'])
      .describe('Whether its permit stands: revoked by the county, or expired once the last day has passed.'),
    checked_at: z.iso.datetime().describe('When the register was read.'),
  })
  .meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof eventPageSchema>;
