import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAtRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  form: Record<string, string>;
}

/**
 * A local stand-in for Africa's Talking's SMS API (POST /version1/messaging, form encoded, the
 * `apiKey` header, a JSON answer). It records every request; `answer` sets what it says next.
 */
export async function startFakeAfricasTalking() {
  const requests: FakeAtRequest[] = [];
  let answer: { status: number; body: string; delayMs?: number } | undefined;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ path: req.url ?? '', method: req.method ?? '', headers: req.headers, form });
      const reply = answer ?? {
        status: 201,
        body: JSON.stringify({
          SMSMessageData: {
            Message: 'Sent to 1/1 Total Cost: KES 0.8000',
            Recipients: [
              {
                statusCode: 101,
                number: form.to,
                status: 'Success',
                cost: 'KES 0.8000',
                messageId: `ATXid_${requests.length}`,
              },
            ],
          },
        }),
      };
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** What the next requests are answered (undefined: a success). */
    answerWith(next: { status: number; body: unknown; delayMs?: number } | undefined) {
      answer = next && {
        status: next.status,
        body: typeof next.body === 'string' ? next.body : JSON.stringify(next.body),
        ...(next.delayMs === undefined ? {} : { delayMs: next.delayMs }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
