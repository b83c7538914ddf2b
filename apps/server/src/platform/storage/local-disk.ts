import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertStorageKey,
  STORAGE_KEY,
  type StorageDriver,
  StorageNotFoundError,
  type StoredObject,
} from './storage';

/** A file a write left behind: `<key>.<12 hex>.tmp`. */
const PARTIAL = /^([0-9a-f]{32})\.[0-9a-f]{12}\.tmp$/;

/**
 * Files on the local disk under one directory (config.uploads.dir), one file per key in a
 * two-character shard folder. A file is written under a temporary name and renamed into place,
 * so a reader never sees half a file. Keys are checked, so nothing outside the folder is reached.
 */
export function createLocalDiskStorage(root: string): StorageDriver {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  return {
    kind: 'local',
    async ping() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, body, { mode: 0o600 });
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        throw new StorageNotFoundError(`No stored object for ${key}`);
      }
      return createReadStream(path) as Readable;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *listOlderThan(before: Date): AsyncIterable<StoredObject> {
      let shards: string[];
      try {
        shards = await readdir(root);
      } catch {
        return;
      }
      for (const shard of shards.filter((name) => /^[0-9a-f]{2}$/.test(name))) {
        for (const name of await readdir(join(root, shard)).catch(() => [] as string[])) {
          const modified = await stat(join(root, shard, name)).then(
            (s) => s.mtime,
            () => undefined,
          );
          if (!modified || modified >= before) continue;
          const key = `${shard}/${name}`;
          if (STORAGE_KEY.test(key)) yield { kind: 'object', key };
          else if (PARTIAL.test(name)) yield { kind: 'partial', name: key };
        }
      }
    },
    async deletePartial(name: string) {
      const [shard, file] = name.split('/');
      if (!shard || !file || !/^[0-9a-f]{2}$/.test(shard) || !PARTIAL.test(file))
        throw new Error(`Not a partial file: ${JSON.stringify(name)}`);
      await rm(join(root, shard, file), { force: true });
    },
  };
}
