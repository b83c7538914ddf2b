import pg from 'pg';

export interface ListenHandlers {
  /** A notification's payload on the channel. */
  message(payload: string): void;
  /**
   * The listener's state changed: `true` once it listens (again: notifications sent while it was
   * away are lost), `false` as soon as it may be missing some.
   */
  live(isLive: boolean): void;
}

export interface Listener {
  /** Listening now, and the connection answered within the last `staleMs`. */
  isLive(): boolean;
  close(): Promise<void>;
}

export interface ListenOptions {
  url: string;
  channel: string;
  /** How often the connection is asked to answer (a connection that died silently is noticed). */
  heartbeatMs?: number;
  /** How long an answer vouches for the connection. */
  staleMs?: number;
  /** Waits for a connection and for each heartbeat's answer. */
  timeoutMs?: number;
}

/**
 * LISTEN on a PostgreSQL channel over a connection of its own (outside the pool: a pooled
 * connection is shared and would drop the LISTEN). It is asked to answer every `heartbeatMs`;
 * an error, a close or a late answer makes it not live at once, and it connects again (1 s, then
 * up to 10 s apart) until it is closed. Timers are unref'd: they never keep a process alive.
 */
export function listen(options: ListenOptions, handlers: ListenHandlers): Listener {
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  const staleMs = options.staleMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 2_000;
  let client: pg.Client | undefined;
  let live = false;
  let lastAnswer = 0;
  let closed = false;
  let retryMs = 1_000;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  const setLive = (next: boolean) => {
    if (live === next) return;
    live = next;
    handlers.live(next);
  };

  const drop = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    setLive(false);
    failed.removeAllListeners('notification');
    failed.on('error', () => {});
    failed.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(connect, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
    });
    client = next;
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        handlers.message(message.payload);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    } catch {
      drop(next);
      return;
    }
    if (client !== next || closed) return;
    lastAnswer = Date.now();
    retryMs = 1_000;
    heartbeat = setInterval(() => {
      next.query('select 1').then(
        () => {
          lastAnswer = Date.now();
        },
        () => drop(next),
      );
    }, heartbeatMs);
    heartbeat.unref();
    setLive(true);
  }
  void connect();

  return {
    isLive: () => live && Date.now() - lastAnswer <= staleMs,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const last = client;
      client = undefined;
      setLive(false);
      if (last) {
        last.removeAllListeners('end');
        last.on('error', () => {});
        await last.end().catch(() => undefined);
      }
    },
  };
}
