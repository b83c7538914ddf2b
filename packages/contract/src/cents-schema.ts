import { z } from 'zod';

/** A zod schema for an amount of money: a non-negative safe integer number of cents. */
export const centsSchema = z.int().nonnegative();
