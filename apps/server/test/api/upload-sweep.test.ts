import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/core/uploads/schema';
import { createUploadService } from '../../src/core/uploads/upload-service';
import { createLocalDiskStorage } from '../../src/platform/storage/local-disk';
import { newStorageKey } from '../../src/platform/storage/storage';
import { uploadId } from '../support/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const age = (path: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  utimesSync(path, when, when);
};

describe('what a killed upload leaves behind', () => {
  it('is swept once old enough: partial writes and files with no row; recorded files and uploads in flight stay', async () => {
    const dir = t.config.uploads.dir;
    const storage = createLocalDiskStorage(dir);
    const service = createUploadService({ db: t.database.db, storage });
    // A real upload: stored and recorded.
    const user = await createSignedInUser(t);
    const id = await uploadId(t, user.headers);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    age(join(dir, row!.storageKey), 2 * DAY);
    // Killed between storing and recording: a whole file with no row, two days old.
    const orphan = newStorageKey();
    await storage.put(orphan, Buffer.from('%PDF-1.4 orphan'));
    age(join(dir, orphan), 2 * DAY);
    // Killed while writing: the temporary file of a write, two days old.
    const partialKey = newStorageKey();
    mkdirSync(join(dir, partialKey.slice(0, 2)), { recursive: true });
    const partial = join(dir, `${partialKey}.a1b2c3d4e5f6.tmp`);
    writeFileSync(partial, 'half a fi');
    age(partial, 2 * DAY);
    // Stored a moment ago, its row about to be written: not to be touched.
    const inFlight = newStorageKey();
    await storage.put(inFlight, Buffer.from('%PDF-1.4 in flight'));

    expect(await service.sweep(DAY)).toEqual({ orphans: 1, partials: 1 });
    expect(existsSync(join(dir, orphan))).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(join(dir, row!.storageKey))).toBe(true);
    expect(existsSync(join(dir, inFlight))).toBe(true);
    // The recorded upload still opens for its owner.
    const res = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    // Nothing more to do the second time.
    expect(await service.sweep(DAY)).toEqual({ orphans: 0, partials: 0 });
  });
});
