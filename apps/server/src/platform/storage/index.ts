import type { Config } from '../config';
import { createLocalDiskStorage } from './local-disk';
import type { StorageDriver } from './storage';

/**
 * The storage driver the configuration names (STORAGE_DRIVER): local disk or S3. The S3 driver and
 * the AWS SDK under it are loaded only when named (about 4 MiB of heap and 0.2 s of start-up).
 */
export async function createStorage(uploads: Config['uploads']): Promise<StorageDriver> {
  if (uploads.driver === 's3') {
    if (!uploads.s3) throw new Error('STORAGE_DRIVER is s3 but the S3 settings are missing');
    const { createS3Storage } = await import('./s3');
    return createS3Storage(uploads.s3);
  }
  return createLocalDiskStorage(uploads.dir);
}
