import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadService } from '../../src/core/uploads/upload-service';
import { loadConfig } from '../../src/platform/config';
import { createStorage } from '../../src/platform/storage';
import { createLocalDiskStorage } from '../../src/platform/storage/local-disk';
import { createS3Storage } from '../../src/platform/storage/s3';
import { newStorageKey, type StorageDriver, StorageNotFoundError } from '../../src/platform/storage/storage';
import { makePdf, upload } from '../support/files';
import { startS3Server } from '../support/s3';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let localDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  localDir = mkdtempSync(join(tmpdir(), 'kaunti-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(localDir, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
};

/** A body that arrives in pieces, as a request does, and can fail part way. */
function pieces(parts: string[], failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent === failAfter) {
        this.destroy(new Error('the client went away'));
        return;
      }
      const next = parts[sent++];
      this.push(next === undefined ? null : Buffer.from(next));
    },
  });
}

const drivers: [string, () => StorageDriver | Promise<StorageDriver>][] = [
  ['local disk', () => createLocalDiskStorage(localDir)],
  [
    'S3',
    () =>
      createStorage(
        loadConfig({ NODE_ENV: 'test', KAUNTI_DATA_DIR: localDir, LOG_LEVEL: 'silent', ...s3.env }).uploads,
      ),
  ],
];

describe.each(drivers)('the %s storage driver', (_name, make) => {
  it('stores a streamed body and gives it back, whole, as a stream; deletes it', async () => {
    const storage = await make();
    await storage.ping();
    const key = newStorageKey();
    await storage.put(key, pieces(['%PDF-1.4 ', 'first part, ', 'second part']));
    expect(await text(await storage.get(key))).toBe('%PDF-1.4 first part, second part');
    await storage.put(key, Buffer.from('replaced'));
    expect(await text(await storage.get(key))).toBe('replaced');
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  it('keeps nothing when the body fails part way', async () => {
    const storage = await make();
    const key = newStorageKey();
    await expect(storage.put(key, pieces(['%PDF-1.4 ', 'half'], 1))).rejects.toThrow('the client went away');
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('lists whole objects written before a moment, for the sweep', async () => {
    const storage = await make();
    const key = newStorageKey();
    await storage.put(key, Buffer.from('kept'));
    const listed = async (before: Date) => {
      const keys: string[] = [];
      for await (const stored of storage.listOlderThan(before))
        if (stored.kind === 'object') keys.push(stored.key);
      return keys;
    };
    expect(await listed(new Date(Date.now() + 60_000))).toContain(key);
    expect(await listed(new Date(Date.now() - 60_000))).not.toContain(key);
    await storage.delete(key);
  });

  it('refuses a key it did not make (no path or bucket escapes)', async () => {
    const storage = await make();
    for (const key of ['../etc/passwd', 'ab/../../x', 'AB/0123456789abcdef0123456789abcdef', ''])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Not a storage key');
  });
});

describe('STORAGE_DRIVER=s3', () => {
  it('needs the bucket and the keys, and names what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', KAUNTI_DATA_DIR: localDir, STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER is s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', KAUNTI_DATA_DIR: localDir, STORAGE_DRIVER: 'ftp' })).toThrow(
      'STORAGE_DRIVER: must be local or s3',
    );
  });

  describe('the portal on an S3 store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(s3.env);
    });
    afterAll(() => t.close());

    const objectKeys = async () => {
      const storage = createS3Storage(t.config.uploads.s3!);
      const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      return (page.Contents ?? []).map((object) => object.Key!);
    };

    it('is ready with the store answering', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
    });

    it('keeps an upload in the bucket and gives it back to its owner only', async () => {
      const owner = await createSignedInUser(t);
      const other = await createSignedInUser(t);
      const pdf = await makePdf('Search certificate, LR 209/10001');
      const before = await objectKeys();
      const res = await upload(t, owner.headers, { name: 'search.pdf', type: 'application/pdf', bytes: pdf });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content_type: 'application/pdf', size: pdf.length });
      expect((await objectKeys()).length).toBe(before.length + 1);
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${res.json().id}`,
        headers: owner.headers,
      });
      expect(back.statusCode).toBe(200);
      expect(back.rawPayload.equals(pdf)).toBe(true);
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${res.json().id}`,
        headers: other.headers,
      });
      expect(stranger.statusCode).toBe(404);
    });

    it('keeps nothing from a file over the limit or of a refused type', async () => {
      const owner = await createSignedInUser(t);
      const before = await objectKeys();
      const big = Buffer.concat([await makePdf(), Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(t, owner.headers, { name: 'big.pdf', type: 'application/pdf', bytes: big });
      expect(tooBig.statusCode).toBe(413);
      const html = await upload(t, owner.headers, {
        name: 'a.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      });
      expect(html.statusCode).toBe(415);
      expect(await objectKeys()).toEqual(before);
    });

    it('sweeps objects with no row from the bucket, and keeps recorded ones', async () => {
      const owner = await createSignedInUser(t);
      const kept = await upload(t, owner.headers, {
        name: 'kept.pdf',
        type: 'application/pdf',
        bytes: await makePdf(),
      });
      const storage = createS3Storage(t.config.uploads.s3!);
      const orphan = newStorageKey();
      await storage.put(orphan, Buffer.from('%PDF-1.4 orphan'));
      // s3rver cannot list open multipart uploads; a real store's are aborted by the same sweep.
      await storage.client.send(
        new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: newStorageKey() }),
      );
      const service = createUploadService({ db: t.database.db, storage });
      // Everything written before a minute from now counts as old.
      const swept = await service.sweep(-60_000);
      expect(swept.orphans).toBe(1);
      expect(await objectKeys()).not.toContain(orphan);
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/uploads/${kept.json().id}`,
        headers: owner.headers,
      });
      expect(back.statusCode).toBe(200);
    });
  });
});

describe('readiness without the file store', () => {
  it('answers within 2 s when the S3 store hangs (accepts, never answers): degraded', async () => {
    // A store that takes the connection and says nothing.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const t = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` });
    try {
      // The first answer of a test app also compiles the OpenAPI document it is checked against.
      await t.app.inject({ method: 'GET', url: '/healthz' });
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', storage: 'unavailable' },
      });
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('is degraded, not down, when the S3 store does not answer', async () => {
    const gone = await startS3Server('kaunti-gone');
    const env = gone.env;
    await gone.close();
    const t = await createTestApp(env);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        checks: { database: 'ok', storage: 'unavailable' },
      });
    } finally {
      await t.close();
    }
  });
});
