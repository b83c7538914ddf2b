import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ALLOWED_UPLOAD_TYPES,
  EMPTY_FILE_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGE_SIDE_PX,
  UNSUPPORTED_UPLOAD_MESSAGE,
  type Upload,
  type UploadContentType,
} from '@kaunti/contract/api-uploads';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { newStorageKey, type StorageDriver } from '../../platform/storage/storage';
import { uploads } from './schema';

export type UploadRow = typeof uploads.$inferSelect;

/**
 * The most of an upload held in memory to check it: enough for the type's magic bytes and an
 * image's header (a JPEG's size comes after its EXIF segments, each at most 64 KiB).
 */
const HEAD_BYTES = 256 * 1024;

/** A file name safe to show and to put in a Content-Disposition header. */
export function cleanFileName(name: string, contentType: UploadContentType): string {
  const extension = contentType === 'application/pdf' ? 'pdf' : contentType === 'image/png' ? 'png' : 'jpg';
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'document'}.${extension}`;
}

/**
 * An image's width and height read from its header bytes (PNG IHDR; JPEG's start-of-frame
 * marker), without decoding it; undefined when the header cannot be read.
 */
export function imageSize(
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg',
): { width: number; height: number } | undefined {
  if (contentType === 'image/png') {
    if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF0–SOF15, but not DHT (C4), JPG (C8) or DAC (CC): height, then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * Uploads: the type is read from the bytes (magic numbers), never from the name or the browser;
 * only JPEG, PNG and PDF are kept, under a random key in the storage driver. A user can only
 * ever read back their own uploads (county staff will get their own route).
 */
export function createUploadService({ db, storage }: { db: Db; storage: StorageDriver }) {
  const toApi = (row: UploadRow): Upload => ({
    id: row.id,
    name: row.originalName,
    size: row.size,
    content_type: row.contentType,
  });

  return {
    /**
     * Checks and stores one file, streamed: the type and an image's size are read from the
     * first bytes (at most HEAD_BYTES are held), then the rest flows on to the store while its
     * size and SHA-256 are counted. 415 for a type that is not allowed; 400 for an empty file.
     * A stream that fails part way (e.g. over the size limit) stores nothing and rethrows.
     */
    async save(userId: string, file: { filename: string; stream: Readable }): Promise<Upload> {
      const reader = file.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const chunks: Buffer[] = [];
      let headLength = 0;
      let ended = false;
      while (headLength < HEAD_BYTES) {
        const next = await reader.next();
        if (next.done) {
          ended = true;
          break;
        }
        chunks.push(next.value);
        headLength += next.value.length;
      }
      const head = Buffer.concat(chunks);
      const refuse = (error: AppError) => {
        file.stream.resume(); // let the rest of the request drain
        return error;
      };
      if (head.length === 0) throw refuse(new AppError(400, 'empty_file', EMPTY_FILE_MESSAGE));
      const detected = await fileTypeFromBuffer(head);
      const mime = detected?.mime as string | undefined;
      if (!mime || !(ALLOWED_UPLOAD_TYPES as readonly string[]).includes(mime)) {
        throw refuse(new AppError(415, 'unsupported_media_type', UNSUPPORTED_UPLOAD_MESSAGE));
      }
      const contentType = mime as UploadContentType;
      if (contentType !== 'application/pdf') {
        const size = imageSize(head, contentType);
        if (!size) throw refuse(new AppError(415, 'unsupported_media_type', UNSUPPORTED_UPLOAD_MESSAGE));
        if (
          size.width > MAX_IMAGE_SIDE_PX ||
          size.height > MAX_IMAGE_SIDE_PX ||
          size.width * size.height > MAX_IMAGE_MEGAPIXELS * 1_000_000
        ) {
          throw refuse(new AppError(400, 'image_too_large', IMAGE_TOO_LARGE_MESSAGE));
        }
      }
      const hash = createHash('sha256');
      let size = 0;
      async function* body(): AsyncGenerator<Buffer> {
        hash.update(head);
        size += head.length;
        yield head;
        if (ended) return;
        for (;;) {
          const next = await reader.next();
          if (next.done) return;
          hash.update(next.value);
          size += next.value.length;
          yield next.value;
        }
      }
      const key = newStorageKey();
      try {
        await storage.put(key, Readable.from(body()));
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      try {
        const [row] = await db
          .insert(uploads)
          .values({
            userId,
            storageKey: key,
            originalName: cleanFileName(file.filename, contentType),
            contentType,
            size,
            sha256: hash.digest('hex'),
          })
          .returning();
        return toApi(row!);
      } catch (error) {
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** Whether the upload is the user's own JPEG or PNG (a profile photo must be). */
    async isOwnImage(userId: string, id: string): Promise<boolean> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.id, id),
            eq(uploads.userId, userId),
            inArray(uploads.contentType, ['image/jpeg', 'image/png']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The user's own upload and its bytes; anyone else's is a 404. */
    async openForOwner(userId: string, id: string): Promise<{ upload: UploadRow; body: Readable }> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
        .limit(1);
      if (!row) throw notFound('We could not find that file.');
      try {
        return { upload: row, body: await storage.get(row.storageKey) };
      } catch {
        throw notFound('We could not find that file.');
      }
    },

    /**
     * Removes what a killed process left in storage: partial writes, and whole files whose row
     * was never recorded (the file is stored first, then recorded; a kill in between leaves a
     * file nobody can reach). Only what is older than `olderThanMs`, so an upload in flight —
     * stored, its row not yet written — is never taken. Answers what it removed.
     */
    async sweep(olderThanMs: number): Promise<{ orphans: number; partials: number }> {
      const removed = { orphans: 0, partials: 0 };
      const batch: string[] = [];
      const flush = async () => {
        const known = new Set(
          (
            await db
              .select({ key: uploads.storageKey })
              .from(uploads)
              .where(inArray(uploads.storageKey, batch))
          ).map((r) => r.key),
        );
        for (const key of batch.filter((k) => !known.has(k))) {
          await storage.delete(key);
          removed.orphans += 1;
        }
        batch.length = 0;
      };
      for await (const stored of storage.listOlderThan(new Date(Date.now() - olderThanMs))) {
        if (stored.kind === 'partial') {
          await storage.deletePartial(stored.name);
          removed.partials += 1;
          continue;
        }
        batch.push(stored.key);
        if (batch.length >= 500) await flush();
      }
      if (batch.length > 0) await flush();
      return removed;
    },

    /** Which of these upload ids are the user's own (for checking an application payload). */
    async findOwned(userId: string, ids: readonly string[]): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids])));
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
