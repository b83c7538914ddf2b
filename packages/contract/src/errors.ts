import { z } from 'zod';
import { FALLBACK_ERROR_MESSAGE } from './error-message';

/**
 * Stable, machine-readable error codes. The web app translates a known code into the user's
 * language and otherwise shows the server's `message` (see error-message.ts for the order in
 * which a message is read from a body).
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'otp_required',
  'session_expired',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_conflict',
  'illegal_transition',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** One problem with one field of a request, so a form can show it beside the field. */
export const fieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the field, e.g. "phone_number" or "owner.first_name".'),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error body every API route answers with. It never carries a stack trace. */
export const errorBodySchema = z
  .object({
    message: z.string().describe('A sentence a citizen can read.'),
    code: z.string().describe('A stable code; see errorCodes.'),
    details: z.array(fieldErrorSchema).optional(),
  })
  .meta({
    id: 'Error',
    description: 'Every error: a sentence to show, a stable code, and the fields at fault.',
  });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The message answered for every unexpected (5xx) failure, whatever went wrong inside: the same
 * sentence the web app shows when a body carries no message at all.
 */
export const INTERNAL_ERROR_MESSAGE = FALLBACK_ERROR_MESSAGE;
