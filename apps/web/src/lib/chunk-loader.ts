/** Lazy parts of the app are fetched with this time-out (spec: 120 seconds). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** Why a lazy part of the app failed to load. */
export type ChunkErrorKind = 'missing' | 'timeout' | 'other';

/** A lazy part of the app (a route's code) could not be loaded. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkErrorKind,
    readonly chunkUrl: string | undefined,
    cause: unknown,
  ) {
    super(`Could not load part of the portal (${kind})${chunkUrl ? `: ${chunkUrl}` : ''}`, { cause });
  }
}

const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+|\/assets\/[^\s'"]+)/;

/**
 * Decides whether a failed dynamic import was a missing file (the server answers 404, e.g. after
 * a new release removed the old chunk) or something else (offline, a broken file).
 */
export async function classifyChunkError(
  error: unknown,
  probe: typeof fetch = fetch,
): Promise<ChunkErrorKind> {
  if (error instanceof ChunkLoadError) return error.kind;
  const message = error instanceof Error ? error.message : String(error);
  const url = URL_IN_MESSAGE.exec(message)?.[1];
  if (!url) return 'other';
  try {
    const response = await probe(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 || response.status === 410 ? 'missing' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Runs a dynamic import with a time-out. Failures become a ChunkLoadError saying which kind:
 * missing, timeout or other.
 */
export function loadChunk<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
  probe: typeof fetch = fetch,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(
        new ChunkLoadError('timeout', undefined, new Error(`No answer within ${timeoutMs / 1000} seconds`)),
      );
    }, timeoutMs);
    importer().then(
      (module) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(module);
      },
      async (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const kind = await classifyChunkError(error, probe);
        const message = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(kind, URL_IN_MESSAGE.exec(message)?.[1], error));
      },
    );
  });
}
