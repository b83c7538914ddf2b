import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A caller's own `X-Request-Id` is kept only when it looks like an id: at most 64 of these. */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The id of a new request (Fastify's `genReqId`): the caller's `X-Request-Id` when it is at most
 * 64 letters, digits, dots, dashes and underscores, else a new UUID. Anything longer or stranger
 * would be written into every log line of the request and sent on to M-Pesa and the SMS gateway.
 */
export function requestIdFor(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The request a piece of work is done for, carried through its awaits: so that a call the
 * request causes to M-Pesa or the SMS gateway sends the same `X-Request-Id` and writes its log
 * lines with the same `reqId` as the request's own line. Work outside a request (the
 * reconciliation job, the sweeps) has none.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/**
 * Enters the context just before the handler (after the body is read, whose stream events
 * would lose it), so the handler and everything it awaits see the request's id.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    context.run({ requestId: request.id }, done);
  });
}

/** Headers for an outgoing call: `x-request-id` when it is made for a request. */
export function requestIdHeader(): Record<string, string> {
  const id = currentRequestId();
  return id === undefined ? {} : { 'x-request-id': id };
}

type Level = 'debug' | 'info' | 'warn' | 'error';
type Logger = Record<Level, (details: object, message: string) => void>;

/**
 * A logger whose lines carry `reqId` when written for a request (the process logger's lines
 * otherwise have none), for the clients of outside services that log through the app's logger.
 */
export function requestScopedLogger(log: Logger): Logger {
  const at =
    (level: Level) =>
    (details: object, message: string): void => {
      const id = currentRequestId();
      log[level](id === undefined ? details : { reqId: id, ...details }, message);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
