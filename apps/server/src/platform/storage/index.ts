import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import { createS3Storage } from './s3';
import type { StorageDriver } from './storage';

/** The storage driver the configuration names (STORAGE_DRIVER): local disk or S3. */
export function createStorage(uploads: Config['uploads']): StorageDriver {
  if (uploads.driver === 's3') {
    if (!uploads.s3) throw new Error('STORAGE_DRIVER is s3 but the S3 settings are missing');
    return createS3Storage(uploads.s3);
  }
  return createLocalDiskStorage(uploads.dir);
}
