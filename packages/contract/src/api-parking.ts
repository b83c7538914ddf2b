import { z } from 'zod';
import {
  applicationCommentSchema,
  applicationStatusSchema,
  issuedDocumentLinkSchema,
} from './api-applications';
import { nextCursorSchema } from './api-bills';
import { plateTicketSchema, type TicketPayment, ticketPaymentSchema } from './api-tickets';

/** Parking: zones and their daily fees, daily tickets (no account needed), enforcement checks. */

export const parkingZonesResponseSchema = z
  .object({
    data: z.array(
      z.object({
        zone_code: z.string(),
        name: z.string(),
        description: z.string(),
        fees: z.array(
          z.object({
            vehicle_type: z.string(),
            label: z.string(),
            amount_cents: z
              .int()
              .nullable()
              .describe('The daily fee in cents; null where the zone does not take this type.'),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'ParkingZones' });

export const dailyParkingRequestSchema = z
  .object({
    plate: z
      .string()
      .max(20)
      .describe('The number plate, any case and spacing: KDA 123A, KXX 999, KMDA 123A, GK A123B.'),
    zone_code: z.string().max(10),
    vehicle_type: z.string().max(20),
    phone_number: z.string().max(20).describe('The M-Pesa phone that gets the prompt.'),
  })
  .meta({ id: 'DailyParkingRequest' })
  .meta({
    examples: [{ plate: 'KDA 123A', zone_code: 'Z1', vehicle_type: 'saloon', phone_number: '0712345678' }],
  });

export { type TicketPayment, ticketPaymentSchema };

export const parkingTicketSchema = z
  .object({
    ticket_id: z.string().describe("The bearer's id: whoever holds it opens the ticket."),
    ticket_no: z
      .string()
      .describe('The number the ticket prints and E-Verify shows; it does not open the ticket.'),
    plate: z.string(),
    zone_code: z.string(),
    zone_name: z.string(),
    vehicle_type: z.string(),
    vehicle_type_label: z.string(),
    day: z.string().describe('The day it is for (YYYY-MM-DD, Kenya).'),
    amount_cents: z.int(),
    status: z.enum(['pending', 'paid', 'revoked']).describe('Revoked: the county revoked its ticket.'),
    bill_no: z.string().describe('Pay it at the paybill with this number as the account, too.'),
    paid_at: z.string().nullable(),
    valid_until: z.string().describe('Midnight at the end of its day (Kenya).'),
    short_code: z.string().nullable().describe('Its E-Verify code once paid.'),
    document: issuedDocumentLinkSchema.nullable().describe('The printable ticket, once paid.'),
    revoked_at: z.string().nullable(),
    payment: ticketPaymentSchema
      .nullable()
      .describe("A pending ticket's latest M-Pesa prompt: pending, or how it ended (failed, cancelled)."),
  })
  .meta({ id: 'ParkingTicket' });
export type ParkingTicket = z.infer<typeof parkingTicketSchema>;

export const dailyParkingResponseSchema = z
  .object({
    ticket_id: z.string(),
    bill_no: z.string(),
    amount: z.int().describe('The amount in cents (integer).'),
    payment_id: z.string().nullable().describe('The M-Pesa prompt sent; null when the day was already paid.'),
    already_paid: z
      .boolean()
      .describe('True when this plate, zone and day was paid already: no second charge.'),
    ticket: parkingTicketSchema,
  })
  .meta({ id: 'DailyParkingAnswer' });
export type DailyParkingAnswer = z.infer<typeof dailyParkingResponseSchema>;

export const parkingTicketParamsSchema = z.object({ ticket_id: z.string().max(20) });

export const ticketPayRequestSchema = z
  .object({
    phone_number: z
      .string()
      .max(20)
      .optional()
      .describe('The M-Pesa phone to prompt; by default the one the last prompt went to.'),
  })
  .meta({ id: 'TicketPayRequest' })
  .meta({ examples: [{ phone_number: '0712345678' }] });

export const parkingStatusQuerySchema = z.object({ plate: z.string().max(20) });

/** What may cover a plate: a daily ticket, a seasonal ticket, a reserved bay, a loading zone, a PSV sticker. */
export const PARKING_COVER_KINDS = ['daily', 'season', 'reserved', 'loading', 'psv-sticker'] as const;
export type ParkingCoverKind = (typeof PARKING_COVER_KINDS)[number];

export const parkingStatusSchema = z
  .object({
    plate: z.string(),
    covered: z.boolean(),
    by: z.array(
      z.object({
        kind: z
          .enum(PARKING_COVER_KINDS)
          .describe('daily ticket, seasonal ticket, reserved bay, loading zone permit or PSV sticker'),
        ticket_id: z.string().describe("The daily ticket's id, or the document's number."),
        zone_code: z.string().nullable().describe('The zone it is valid in; null: every zone.'),
        vehicle_type: z.string().nullable().describe('For a daily ticket: the type it was paid for.'),
        place: z.string().nullable().describe('A reserved bay or loading zone: its road and building.'),
        valid_from: z.string(),
        valid_until: z.string(),
      }),
    ),
    tickets: z
      .array(plateTicketSchema)
      .describe("The plate's other tickets paid and in force now (market cess today): not parking."),
  })
  .describe('ParkingStatus: whether a plate is covered now, and by what.');

export const vehicleSchema = z
  .object({
    id: z.string(),
    plate: z.string(),
    vehicle_type: z.string(),
    make: z.string().nullable(),
    colour: z.string().nullable(),
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehiclesResponseSchema = z.object({ data: z.array(vehicleSchema) }).meta({ id: 'Vehicles' });

export const addVehicleRequestSchema = z
  .object({
    plate: z.string().max(20),
    vehicle_type: z.string().max(20),
    make: z.string().max(40).optional(),
    colour: z.string().max(30).optional(),
  })
  .meta({ id: 'AddVehicle' })
  .meta({ examples: [{ plate: 'KDA 123A', vehicle_type: 'saloon', make: 'Toyota Axio', colour: 'Silver' }] });

export const vehicleParamsSchema = z.object({ id: z.uuid() });

export const parkingRoadsResponseSchema = z
  .object({ data: z.array(z.object({ road_code: z.string(), name: z.string(), zone_code: z.string() })) })
  .describe('ParkingRoads: roads where bays are reserved and loading zones marked.');

export const parkingBuildingsQuerySchema = z.object({ road_code: z.string().max(10).optional() });

export const parkingBuildingsResponseSchema = z
  .object({ data: z.array(z.object({ building_code: z.string(), name: z.string(), road_code: z.string() })) })
  .meta({ id: 'ParkingBuildings' });

export const loadingZoneTypesResponseSchema = z
  .object({
    data: z.array(
      z.object({
        type_code: z.string(),
        name: z.string(),
        description: z.string(),
        amount_cents: z.int().nullable().describe('The yearly fee (integer cents).'),
      }),
    ),
  })
  .meta({ id: 'LoadingZoneTypes' });

export const PARKING_PERMIT_STATES = ['active', 'expiring', 'expired', 'revoked', 'renewed'] as const;

export const myParkingPermitSchema = z
  .object({
    document_no: z.string(),
    kind: z.enum(['season', 'reserved', 'loading', 'psv-sticker']),
    service_id: z.string(),
    service_title: z.string(),
    plates: z.array(z.string()),
    zone_code: z.string().nullable(),
    place: z.string().nullable(),
    valid_from: z.string(),
    valid_until: z.string(),
    state: z
      .enum(PARKING_PERMIT_STATES)
      .describe('active; expiring (within 7 days); expired; revoked; renewed (a newer one follows it).'),
    days_left: z.int(),
    renewable: z.boolean().describe('It may be renewed now: within 7 days of its end, or after it.'),
    short_code: z.string().nullable(),
    document: issuedDocumentLinkSchema,
  })
  .meta({ id: 'MyParkingPermit' });
export type MyParkingPermit = z.infer<typeof myParkingPermitSchema>;

export const myParkingPermitsResponseSchema = z
  .object({ data: z.array(myParkingPermitSchema), next_cursor: nextCursorSchema })
  .describe('MyParkingPermits: seasonal tickets, reserved bays, loading zones and PSV stickers.');

export const parkingPermitParamsSchema = z.object({ document_id: z.string().max(64) });

export const reservedParkingApplicationSchema = z
  .object({
    application_no: z.string(),
    status: applicationStatusSchema,
    organisation_name: z.string(),
    place: z.string(),
    bays: z.int(),
    period: z.string().describe('"One year", or the number of days.'),
    plates: z.array(z.string()),
    fee_cents: z.int(),
    bill_no: z.string().nullable(),
    submitted_at: z.string(),
    comments: z.int().describe('How many comments it has.'),
    document_no: z.string().nullable().describe('The permit, once issued.'),
  })
  .meta({ id: 'ReservedParkingApplication' });
export type ReservedParkingApplication = z.infer<typeof reservedParkingApplicationSchema>;

export const reservedParkingApplicationsSchema = z
  .object({
    reservedparkingapplication: z.array(reservedParkingApplicationSchema),
    next_cursor: nextCursorSchema,
  })
  .describe('ReservedParkingApplications: the response field is named as in the spec.');

export const reservedParkingCommentsSchema = z
  .object({ ReservedParkingComments: z.array(applicationCommentSchema) })
  .describe('ReservedParkingComments: the conversation, oldest first; the field is named as in the spec.');
