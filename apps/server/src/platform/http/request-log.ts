import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * Logging that never writes a secret, a hash, an SQL parameter or personal data:
 *  - no request line from Fastify (it logs the raw URL, whose last segment is the M-Pesa
 *    callback secret on the callback paths); one line per request instead, written when the
 *    answer is sent, naming the route *pattern* (`/api/payments/callbacks/stk/:secret`), never
 *    the URL itself;
 *  - errors through `safeError`: type, code, message up to any "params:" part, and the stack —
 *    never the bound parameters, the failing row (`detail`) or anything else an error carries.
 */

const STACK_FRAME = /^ {4}at (?:[\w$.<>[\] ]+ \((?:file:|node:|\/)[^()]*\)|(?:file:|node:|\/)\S*)$/;

/** The error fields that are safe to log. Drizzle's message ends in "params: …" (the values). */
export function safeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const clean = (text: string | undefined) => text?.split(/\n?params:/)[0]?.slice(0, 2000);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: clean(error.message) ?? '',
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    // Only the frames ("    at fn (file:line:col)"), never the message lines above them.
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => STACK_FRAME.test(line))
      .slice(0, 30)
      .join('\n'),
    ...(cause instanceof Error ? { cause: safeError(cause) } : {}),
  };
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: safeError,
      error: safeError,
      // Only if something logs a request or an answer object: never its URL, headers or body.
      req: (request: { method?: string; routeOptions?: { url?: string }; id?: string }) => ({
        method: request.method,
        route: request.routeOptions?.url ?? '(no route)',
        id: request.id,
      }),
      res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
    },
  };
}

/** One structured line per request: method, route pattern, status, duration (ms), request id. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      request_id: request.id,
    };
    if (status >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  });
}
