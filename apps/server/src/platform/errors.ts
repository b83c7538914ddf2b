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

export const badRequest = (message: string, details?: FieldError[]) =>
  new AppError(400, details ? 'validation_failed' : 'bad_request', message, details);
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
