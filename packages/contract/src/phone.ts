import { z } from 'zod';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from './phone-number';

export * from './phone-number';

/** A zod schema that accepts a Kenyan mobile number in any accepted form and outputs the `254` form. */
export const phoneSchema = z
  .string({ error: PHONE_FORMAT_MESSAGE })
  .refine((value) => isValidPhone(value), { error: PHONE_FORMAT_MESSAGE })
  .transform((value) => normalisePhone(value))
  .meta({ pattern: PHONE_PATTERN, examples: ['0712345678'] });
