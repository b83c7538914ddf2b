import type { Duplex } from 'node:stream';
import { type ErrorBody, type FieldError, INTERNAL_ERROR_MESSAGE } from '@kaunti/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database';
import { AppError } from '../errors';

/** What a request that cannot get the database in time answers (503), and when to try again. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is busy or briefly unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

const partLabel: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** Turns validation issues into field errors and one readable sentence. */
function validationBody(error: FastifyError): ErrorBody {
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const details: FieldError[] = (error.validation ?? []).map((issue) => {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const params = issue.params as { issue?: { message?: string }; missingProperty?: string } | undefined;
    const message = params?.issue?.message ?? issue.message ?? 'is invalid';
    return { path: path || params?.missingProperty || context, message };
  });
  const first = details[0];
  // A header's rules name the header in their own messages ("An Idempotency-Key header is required.").
  const message =
    first && context === 'headers'
      ? first.message
      : first
        ? `Invalid ${partLabel[context] ?? context}: ${first.path === context ? '' : `${first.path}: `}${first.message}`
        : `Invalid ${partLabel[context] ?? context}.`;
  return { message, code: 'validation_failed', details };
}

const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  404: 'We could not find that.',
  405: 'This method is not allowed here.',
  413: 'The request body is too large.',
  414: 'The address is too long.',
  415: 'This content type is not accepted here.',
  429: 'Too many requests. Please wait a moment and try again.',
  431: 'The request headers are too large.',
};

/**
 * Errors Fastify meets before any route runs (a malformed address such as `/%zz`): answered
 * as `{ message, code }` like every other error, never with Fastify's own code or wording.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  reply
    .code(tooLong ? 414 : 400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(
      tooLong
        ? { message: FRAMEWORK_MESSAGES[414], code: 'uri_too_long' }
        : { message: 'The address is not valid.', code: 'bad_request' },
    );
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers over the limit, a
 * malformed request line, a request too slow): answered on the socket in the Error shape.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          { message: FRAMEWORK_MESSAGES[431], code: 'headers_too_large' },
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { message: 'The request took too long to arrive.', code: 'bad_request' }]
        : [400, 'Bad Request', { message: FRAMEWORK_MESSAGES[400], code: 'bad_request' }];
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  socket.destroy(error);
}

/**
 * The one error handler. Every failure becomes `{ message, code }` (plus `details` for invalid
 * fields); a 5xx never shows what went wrong inside, and the request id ties the answer to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.details) body.details = error.details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(validationBody(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'internal_error' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database did not answer in time');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'service_unavailable',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status === 503 ? 503 : 500).send({
        message: INTERNAL_ERROR_MESSAGE,
        code: status === 503 ? 'service_unavailable' : 'internal_error',
      });
    }
    // Fastify's own 4xx errors: bad JSON, wrong content type, body too large, rate limits.
    const known: Record<string, { code: ErrorBody['code']; message: string }> = {
      FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
      FST_ERR_CTP_EMPTY_JSON_BODY: {
        code: 'invalid_json',
        message: 'The request body is empty, but JSON was announced.',
      },
      FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
        code: 'bad_request',
        message: 'The request body does not match its Content-Length.',
      },
      FST_ERR_CTP_INVALID_MEDIA_TYPE: {
        code: 'unsupported_media_type',
        message: 'This content type is not accepted here.',
      },
    };
    const mapped = known[error.code];
    // Fastify's own codes (FST_ERR_…) and messages never reach the client: our sentence instead.
    const internal = typeof error.code === 'string' && error.code.startsWith('FST_');
    return reply.status(status).send({
      message:
        mapped?.message ??
        (internal ? (FRAMEWORK_MESSAGES[status] ?? 'The request is not valid.') : error.message),
      code: mapped?.code ?? (status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request'),
    });
  });
}
