import { z } from 'zod';
import { issuedDocumentLinkSchema } from './api-applications';

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
  .describe('ParkingZones');

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
  .describe('DailyParkingRequest')
  .meta({
    examples: [{ plate: 'KDA 123A', zone_code: 'Z1', vehicle_type: 'saloon', phone_number: '0712345678' }],
  });

export const parkingTicketSchema = z
  .object({
    ticket_id: z.string(),
    plate: z.string(),
    zone_code: z.string(),
    zone_name: z.string(),
    vehicle_type: z.string(),
    vehicle_type_label: z.string(),
    day: z.string().describe('The day it is for (YYYY-MM-DD, Kenya).'),
    amount_cents: z.int(),
    status: z.enum(['pending', 'paid']),
    bill_no: z.string().describe('Pay it at the paybill with this number as the account, too.'),
    paid_at: z.string().nullable(),
    valid_until: z.string().describe('Midnight at the end of its day (Kenya).'),
    short_code: z.string().nullable().describe('Its E-Verify code once paid.'),
    document: issuedDocumentLinkSchema.nullable().describe('The printable ticket, once paid.'),
  })
  .describe('ParkingTicket');
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
  .describe('DailyParkingAnswer');
export type DailyParkingAnswer = z.infer<typeof dailyParkingResponseSchema>;

export const parkingTicketParamsSchema = z.object({ ticket_id: z.string().max(20) });

export const parkingStatusQuerySchema = z.object({ plate: z.string().max(20) });

export const parkingStatusSchema = z
  .object({
    plate: z.string(),
    covered: z.boolean(),
    by: z.array(
      z.object({
        kind: z.enum(['daily']),
        ticket_id: z.string(),
        zone_code: z.string(),
        vehicle_type: z.string(),
        valid_until: z.string(),
      }),
    ),
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
  .describe('Vehicle');
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehiclesResponseSchema = z.object({ data: z.array(vehicleSchema) }).describe('Vehicles');

export const addVehicleRequestSchema = z
  .object({
    plate: z.string().max(20),
    vehicle_type: z.string().max(20),
    make: z.string().max(40).optional(),
    colour: z.string().max(30).optional(),
  })
  .describe('AddVehicle')
  .meta({ examples: [{ plate: 'KDA 123A', vehicle_type: 'saloon', make: 'Toyota Axio', colour: 'Silver' }] });

export const vehicleParamsSchema = z.object({ id: z.uuid() });
