import { z } from 'zod';

export const bankAccountSchema = z.object({
  bank: z.string().describe('e.g. "Kenya Commercial Bank"'),
  branch: z.string(),
  account_name: z.string(),
  account_number: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const countyContactsSchema = z.object({
  phones: z.array(z.string()).min(1),
  emails: z.array(z.string()).min(1),
  postal_address: z.string(),
  physical_address: z.string(),
  website: z.string(),
  hours: z.string().describe('Office hours, e.g. "Monday to Friday, 8.00 am to 5.00 pm"'),
});
export type CountyContacts = z.infer<typeof countyContactsSchema>;

export const letterheadSchema = z.object({
  title: z.string().describe('e.g. "NAIROBI CITY COUNTY"'),
  subtitle: z.string().describe('e.g. "Revenue Department"'),
  motto: z.string(),
  address_lines: z.array(z.string()),
});
export type Letterhead = z.infer<typeof letterheadSchema>;

/** The public configuration of the county running this portal (GET /api/county). */
export const countySchema = z
  .object({
    code: z.string().describe('County code, e.g. "047" for Nairobi City County'),
    name: z.string(),
    portal_name: z.string(),
    currency: z.literal('KES'),
    paybill: z.string(),
    bank_accounts: z.array(bankAccountSchema),
    contacts: countyContactsSchema,
    letterhead: letterheadSchema,
    mpesa_max_payment_cents: z
      .int()
      .positive()
      .optional()
      .describe(
        'The most M-Pesa moves in one payment, in cents (MPESA_MAX_PAYMENT; KES 150,000 under the 2023 ' +
          'limits): a larger bill is paid in parts, or at the bank with its invoice.',
      ),
  })
  .meta({ id: 'County' });
export type County = z.infer<typeof countySchema>;

export const wardSchema = z.object({ code: z.string(), name: z.string() });
export const subCountySchema = z.object({
  code: z.string(),
  name: z.string(),
  wards: z.array(wardSchema),
});
export type SubCounty = z.infer<typeof subCountySchema>;
export const subCountiesResponseSchema = z
  .object({ data: z.array(subCountySchema) })
  .meta({ id: 'SubCounties' });

/** One item of a county reference data list (`GET /api/reference-data/{list}`). */
export const referenceItemSchema = z
  .object({
    code: z.string().describe('What is sent in an application.'),
    name: z.string().describe('Its name in English.'),
    name_sw: z.string().describe('Its name in Kiswahili.'),
    parent: z.string().nullable().describe('The item (of another list or field) it belongs under, if any.'),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .meta({ id: 'ReferenceItem' });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
export const referenceItemsResponseSchema = z
  .object({ data: z.array(referenceItemSchema) })
  .meta({ id: 'ReferenceItems' });
export const referenceItemsQuerySchema = z.object({
  parent: z.string().max(60).optional().describe('Only the items under this parent (a dependent list).'),
});
