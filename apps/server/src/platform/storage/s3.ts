import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import {
  assertStorageKey,
  STORAGE_KEY,
  type StorageDriver,
  StorageNotFoundError,
  type StoredObject,
} from './storage';

/**
 * The smallest part S3 accepts, and the most of one upload held in memory at a time: a body
 * that fits in one part goes up in one PUT, a larger one as a multipart upload, part by part.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** A multipart upload a killed process left open, named `<key>#<upload id>` for the sweep. */
const PARTIAL = /^([0-9a-f]{2}\/[0-9a-f]{32})#(.+)$/;

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const isNotFound = (error: unknown) =>
  (error as Error | null)?.name === 'NoSuchKey' ||
  (error as Error | null)?.name === 'NotFound' ||
  statusOf(error) === 404;

const isNotImplemented = (error: unknown) =>
  (error as Error | null)?.name === 'NotImplemented' || statusOf(error) === 501;

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph, Wasabi...), one object per key in
 * one bucket. Bodies are streamed both ways: an upload is sent part by part (never more than
 * one 5 MiB part in memory) and a download is the store's own response stream. An object only
 * appears when its upload completes, so a reader never sees half a file; an upload a killed
 * process left open is listed as `partial` and aborted by the sweep.
 */
export function createS3Storage(
  settings: S3Settings,
): StorageDriver & { client: S3Client; ping(): Promise<void> } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Newer SDKs add CRC checksums to every PUT; not every S3-compatible store understands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    client,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, body) {
      assertStorageKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) throw new StorageNotFoundError(`No stored object for ${key}`);
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(`No stored object for ${key}`);
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *listOlderThan(before: Date): AsyncIterable<StoredObject> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !STORAGE_KEY.test(object.Key)) continue;
          if (object.LastModified && object.LastModified < before) yield { kind: 'object', key: object.Key };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);

      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        let page: Awaited<ReturnType<typeof listUploads>>;
        try {
          page = await listUploads(keyMarker, uploadIdMarker);
        } catch (error) {
          // Some stores cannot list open uploads; their lifecycle rule aborts them instead.
          if (isNotImplemented(error)) return;
          throw error;
        }
        for (const open of page.Uploads ?? []) {
          if (!open.Key || !open.UploadId || !STORAGE_KEY.test(open.Key)) continue;
          if (open.Initiated && open.Initiated < before)
            yield { kind: 'partial', name: `${open.Key}#${open.UploadId}` };
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
    },
    async deletePartial(name: string) {
      const match = PARTIAL.exec(name);
      if (!match) throw new Error(`Not a partial upload: ${JSON.stringify(name)}`);
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: match[1], UploadId: match[2] }));
    },
  };

  function listUploads(keyMarker: string | undefined, uploadIdMarker: string | undefined) {
    return client.send(
      new ListMultipartUploadsCommand({ Bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
    );
  }
}
