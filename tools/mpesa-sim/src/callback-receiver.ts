import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP server that stands in for the portal in tests: it records every POST the simulator
 * sends (STK callbacks, C2B validation and confirmation) and answers as `respond` says
 * (by default 200 `{"ResultCode":0,"ResultDesc":"Accepted"}`). Test support only; not bundled.
 */
export interface ReceivedCall {
  path: string;
  body: unknown;
}

export interface CallbackReceiver {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every call received so far, in order. */
  received: ReceivedCall[];
  /** Resolves with the calls once at least `count` have arrived (to `path`, when given); rejects after `timeoutMs`. */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedCall[]>;
  close(): Promise<void>;
}

export interface CallbackReceiverOptions {
  respond?: (call: ReceivedCall) => { status: number; body: unknown };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function createCallbackReceiver(
  options: CallbackReceiverOptions = {},
): Promise<CallbackReceiver> {
  const received: ReceivedCall[] = [];
  const waiters = new Set<() => void>();
  const respond =
    options.respond ?? (() => ({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } }));

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const call = { path: request.url ?? '/', body };
      received.push(call);
      for (const wake of waiters) wake();
      const answer = respond(call);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor(count, { path, timeoutMs = 3000 } = {}) {
      const matching = () => received.filter((call) => path === undefined || call.path === path);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`expected ${count} call(s)${path ? ` to ${path}` : ''}, got ${matching().length}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
