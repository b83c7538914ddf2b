import type { ErrorCode, FieldError } from '@kaunti/contract/errors';

/**
 * An expected failure with a message a citizen can read. Anything thrown that is not an
 * AppError (or a validation error) is treated as a bug: logged, and answered as a plain 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A 400. With the fields' details it is `validation_failed` (`details` names each field);
 * without, the code naming its case is required (decision 038, as `conflict` requires one), so a
 * refusal a program acts on cannot hide under the general `bad_request`. That one is left to the
 * framework's own refusals, to internal checks no route reaches, and to the password reset's
 * refusal, vague on purpose (it must not tell a wrong code from an unknown account).
 */
export function badRequest(message: string, details: FieldError[]): AppError;
export function badRequest(message: string, code: ErrorCode): AppError;
export function badRequest(message: string, detailsOrCode: FieldError[] | ErrorCode): AppError {
  return Array.isArray(detailsOrCode)
    ? new AppError(400, 'validation_failed', message, detailsOrCode)
    : new AppError(400, detailsOrCode, message);
}
export const unauthorized = (message = 'Please login to continue', code: ErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
/** A 409: it cannot be done in the current state. Each case names its own code (decision 038). */
export const conflict = (message: string, code: Exclude<ErrorCode, 'conflict'>) =>
  new AppError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });
