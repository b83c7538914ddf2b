import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a dependency (Redis, PostgreSQL) that a test can stop (connections
 * refused and cut), freeze (connections stay open, nothing flows: a hung server) and resume.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<[Socket, Socket]>();
  let state: 'running' | 'stopped' | 'frozen' = 'running';
  const server = createServer((client) => {
    if (state === 'stopped') {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (state === 'frozen') for (const socket of pair) socket.pause();
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** Refuses new connections and cuts the open ones (a dependency that went down). */
    stop() {
      state = 'stopped';
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    /** Keeps connections open but lets nothing through (a dependency that hangs). */
    freeze() {
      state = 'frozen';
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    /** Back to normal (after stop or freeze). */
    resume() {
      state = 'running';
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
