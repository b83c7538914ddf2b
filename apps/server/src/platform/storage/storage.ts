import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Keys are made by the server (random, never a user's file
 * name). Two drivers implement it: local disk (the default, one instance) and an S3-compatible
 * object store (STORAGE_DRIVER=s3, the production choice: every instance sees every file).
 * Bodies are streams both ways; a driver never holds a whole file in memory.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Resolves when the store answers (readiness); rejects otherwise. */
  ping(): Promise<void>;
  /** Stores the body under the key; the object appears whole or not at all. */
  put(key: string, body: Buffer | Readable): Promise<void>;
  /** The bytes as a stream; throws StorageNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the object; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  /**
   * Everything stored that was last written before `before`: whole objects by key, and
   * `partial` ones a write left unfinished (a process killed while writing), to sweep.
   */
  listOlderThan(before: Date): AsyncIterable<StoredObject>;
  /** Removes a partial object listed by listOlderThan. */
  deletePartial(name: string): Promise<void>;
}

export type StoredObject = { kind: 'object'; key: string } | { kind: 'partial'; name: string };

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
}

/** A storage key: two hex characters of shard, a slash, 32 hex characters. */
export const STORAGE_KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;

/** A new random storage key. */
export function newStorageKey(): string {
  const hex = randomBytes(17).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2, 34)}`;
}

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
