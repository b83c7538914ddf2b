import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live. Keys are made by the server (random, never a user's file
 * name). Local disk is the default; an S3-compatible driver can implement the same three calls
 * (the bytes are small, at most the upload limit, so a Buffer body is fine everywhere).
 */
export interface StorageDriver {
  readonly kind: string;
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

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
