import { z } from 'zod';
import { issuedDocumentLinkSchema } from './api-applications';
import { billSchema, nextCursorSchema } from './api-bills';

/**
 * Transport Saccos (behind PSV activation): the Sacco a manager registers, its vehicles (plate,
 * seats, route, owner, "old number"), their annual PSV stickers priced by seating capacity and
 * paid for many vehicles in one bill.
 */

export const SACCO_REGISTRATION_PATTERN = /^CS\/\d{1,6}$/;
export const SACCO_REGISTRATION_MESSAGE =
  'Please enter the registration number from the Commissioner for Co-operatives, e.g. CS/12345';

export const registerSaccoRequestSchema = z
  .object({
    name: z.string().max(120),
    registration_no: z.string().max(20).describe('From the Commissioner for Co-operatives, e.g. CS/12345.'),
    phone: z.string().max(20).describe("The Sacco's phone, any accepted Kenyan form."),
    email: z.string().max(120).optional(),
  })
  .meta({ id: 'RegisterSacco' })
  .meta({
    examples: [
      {
        name: 'Kawangware Route 46 Matatu Sacco',
        registration_no: 'CS/12345',
        phone: '0722334455',
        email: 'office@route46sacco.example.co.ke',
      },
    ],
  });
export type RegisterSaccoRequest = z.infer<typeof registerSaccoRequestSchema>;

export const saccoSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    registration_no: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    year: z.int().describe('The sticker year the figures are for (Kenya).'),
    vehicles: z.int().describe('Active vehicles in the fleet.'),
    stickers_paid: z.int().describe('Active vehicles whose sticker for the year is paid.'),
    stickers_pending: z.int().describe('Active vehicles whose sticker is billed, not yet paid.'),
    stickers_due: z.int().describe('Active vehicles with no sticker for the year yet.'),
    amount_due_cents: z.int().describe('What the due stickers cost by the county’s seat bands (cents).'),
  })
  .meta({ id: 'SaccoSummary' });
export type SaccoSummary = z.infer<typeof saccoSummarySchema>;

export const saccosResponseSchema = z
  .object({ data: z.array(saccoSummarySchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Saccos' });

export const saccoParamsSchema = z.object({ sacco_id: z.uuid() });
export const saccoVehicleParamsSchema = z.object({ sacco_id: z.uuid(), vehicle_id: z.uuid() });

export const stickerStateSchema = z
  .object({
    year: z.int(),
    status: z.enum(['due', 'pending', 'paid']),
    amount_cents: z
      .int()
      .nullable()
      .describe('Billed or paid amount; for a due one, its price by seats (null: no band holds it).'),
    bill_no: z.string().nullable(),
    document: issuedDocumentLinkSchema.nullable().describe('The printable sticker, once paid.'),
  })
  .meta({ id: 'PsvStickerState' });

export const saccoVehicleSchema = z
  .object({
    id: z.uuid(),
    sacco_id: z.uuid(),
    plate: z.string(),
    seats: z.int(),
    route: z.string(),
    owner_name: z.string(),
    owner_phone: z.string().nullable(),
    old_plate: z.string().nullable().describe('The plate it carried before re-registration ("old number").'),
    active: z.boolean(),
    sticker: stickerStateSchema,
  })
  .meta({ id: 'SaccoVehicle' });
export type SaccoVehicle = z.infer<typeof saccoVehicleSchema>;

export const saccoVehiclesResponseSchema = z
  .object({ sacco: saccoSummarySchema, data: z.array(saccoVehicleSchema) })
  .meta({ id: 'SaccoVehicles' });
export type SaccoVehiclesResponse = z.infer<typeof saccoVehiclesResponseSchema>;

export const addSaccoVehicleRequestSchema = z
  .object({
    plate: z.string().max(20).describe('The number plate, any case and spacing: KCB 123A.'),
    seats: z.number().describe('Seating capacity, a whole number from 1 to 90.'),
    route: z.string().max(120),
    owner_name: z.string().max(120),
    owner_phone: z.string().max(20).optional(),
    old_plate: z.string().max(20).optional().describe('Its plate before re-registration, if any.'),
  })
  .meta({ id: 'AddSaccoVehicle' })
  .meta({
    examples: [
      {
        plate: 'KCB 123A',
        seats: 14,
        route: 'Route 46 Kawangware–CBD',
        owner_name: 'Peter Kamau',
        owner_phone: '0722000111',
      },
    ],
  });
export type AddSaccoVehicleRequest = z.infer<typeof addSaccoVehicleRequestSchema>;

export const saccoVehicleLookupQuerySchema = z.object({
  plate: z.string().max(20).describe('A current plate or an old number.'),
});

export const saccoVehicleLookupSchema = z
  .object({
    matched_by: z.enum(['plate', 'old_plate']),
    sacco_name: z.string(),
    vehicle: saccoVehicleSchema,
  })
  .meta({ id: 'SaccoVehicleLookup' });

export const stickerBillRequestSchema = z
  .object({
    vehicle_ids: z
      .array(z.uuid())
      .min(1)
      .max(200)
      .describe('The vehicles whose stickers to pay, in one bill.'),
  })
  .meta({ id: 'PsvStickerBillRequest' })
  .meta({
    examples: [
      { vehicle_ids: ['0b6f4d1e-5a1c-4f7e-9c2b-3d4e5f6a7b8c', '1c7e5f2a-6b2d-4a8f-8d3c-4e5f6a7b8c9d'] },
    ],
  });

export const stickerBillResponseSchema = z
  .object({
    year: z.int(),
    bill_no: z.string().describe('Pay it with POST /api/payments/mpesa/stk-push, or at the paybill.'),
    total_cents: z.int(),
    stickers: z.array(
      z.object({ plate: z.string(), seats: z.int(), amount_cents: z.int(), code: z.string() }),
    ),
    bill: billSchema,
  })
  .meta({ id: 'PsvStickerBill' });
export type StickerBill = z.infer<typeof stickerBillResponseSchema>;

export const matatuChangeTypesResponseSchema = z
  .object({
    data: z.array(
      z.object({
        type_code: z.string().describe('route, sacco or owner'),
        name: z.string(),
        amount_cents: z.int().describe('The fee (integer cents).'),
      }),
    ),
  })
  .meta({ id: 'MatatuChangeTypes' });
