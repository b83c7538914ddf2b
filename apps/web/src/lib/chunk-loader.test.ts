import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-loader';

const failedImport = (url: string) => () =>
  Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
const answering = (status: number) =>
  vi.fn(async () => new Response(null, { status })) as unknown as typeof fetch;

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('gives the module when the import works', async () => {
    await expect(loadChunk(async () => ({ page: 1 }))).resolves.toEqual({ page: 1 });
  });

  it('says "missing" when the chunk file is gone (404)', async () => {
    const probe = answering(404);
    const error = await loadChunk(failedImport('http://localhost/assets/faqs-abc.js'), 1000, probe).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.kind).toBe('missing');
    expect(error.chunkUrl).toBe('http://localhost/assets/faqs-abc.js');
    expect(probe).toHaveBeenCalledWith('http://localhost/assets/faqs-abc.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });

  it('says "other" when the file is there but the import still failed, or the network is down', async () => {
    const there = await loadChunk(failedImport('http://localhost/assets/a.js'), 1000, answering(200)).catch(
      (e) => e,
    );
    expect(there.kind).toBe('other');
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const down = await loadChunk(failedImport('http://localhost/assets/a.js'), 1000, offline).catch((e) => e);
    expect(down.kind).toBe('other');
    const noUrl = await loadChunk(() => Promise.reject(new Error('boom')), 1000, answering(404)).catch(
      (e) => e,
    );
    expect(noUrl.kind).toBe('other');
  });

  it('says "timeout" after 120 seconds without an answer', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {})).catch((e: unknown) => e as ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.kind).toBe('timeout');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
