import { z } from 'zod';
import { IDENTIFIER_TYPES } from './identifier-rules';

export {
  guessIdentifierType,
  IDENTIFIER_TYPES,
  type IdentifierType,
  identifierTypeLabel,
  identifierTypeOf,
  normaliseIdentifier,
} from './identifier-rules';

/** The kinds of identifier a customer can sign in or register with. */
export const identifierTypeSchema = z.enum(IDENTIFIER_TYPES);
