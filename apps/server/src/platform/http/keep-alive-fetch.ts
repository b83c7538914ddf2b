import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The part of a fetch the clients of outside services use: one request, its status and text. */
export type Fetcher = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/** An answer larger than this is refused (Daraja's and the SMS gateway's are a few hundred bytes). */
const MAX_ANSWER_BYTES = 1024 * 1024;

// Connections kept open between calls: every M-Pesa callback asks Daraja to confirm it, and a
// new TCP (and TLS) connection for each would cost more than the call.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * A fetch for calls to outside services on Node's own HTTP client, with kept-alive connections:
 * the global fetch (undici's WHATWG streams) costs several times more CPU per call. A time-out
 * or an abort fails with the signal's reason (a `TimeoutError` for `AbortSignal.timeout`).
 */
export const keepAliveFetch: Fetcher = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const headers =
      init.body === undefined
        ? init.headers
        : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      { method: init.method, headers, agent: secure ? agents.https : agents.http },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            request.destroy(new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, text: async () => text });
        });
        response.on('error', reject);
      },
    );
    const signal = init.signal;
    const abort = () => request.destroy(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    request.on('close', () => signal?.removeEventListener('abort', abort));
    request.on('error', reject);
    request.end(init.body);
  });
