import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch } from './keep-alive-fetch';

describe('keepAliveFetch', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; body: string; type: string; port: number }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          body: Buffer.concat(chunks).toString(),
          type: String(request.headers['content-type']),
          port: request.socket.remotePort ?? 0,
        });
        if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 500);
          return;
        }
        if (request.url === '/huge') {
          response.end(Buffer.alloc(2 * 1024 * 1024, 'x'));
          return;
        }
        response.statusCode = request.url === '/missing' ? 404 : 200;
        response.end(JSON.stringify({ echo: Buffer.concat(chunks).toString() }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the method, headers and body, answers the status and text, and keeps the connection for the next call', async () => {
    const first = await keepAliveFetch(`${base}/one`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"Amount":1500}',
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(JSON.stringify({ echo: '{"Amount":1500}' }));
    const second = await keepAliveFetch(`${base}/missing`, { method: 'GET', headers: {} });
    expect(second.status).toBe(404);
    const [a, b] = seen.slice(-2);
    expect(a).toMatchObject({ method: 'POST', url: '/one', type: 'application/json' });
    expect(b).toMatchObject({ method: 'GET', url: '/missing', body: '' });
    expect(b!.port).toBe(a!.port);
  });

  it('gives up when the signal says so: a time-out fails with a TimeoutError', async () => {
    const failure = await keepAliveFetch(`${base}/slow`, {
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(50),
    }).catch((error: unknown) => error);
    expect((failure as Error).name).toBe('TimeoutError');
  });

  it('refuses an answer over a mebibyte', async () => {
    await expect(keepAliveFetch(`${base}/huge`, { method: 'GET', headers: {} })).rejects.toThrow(
      /larger than/,
    );
  });
});
