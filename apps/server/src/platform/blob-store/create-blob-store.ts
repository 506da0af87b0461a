import path from 'node:path';
import type { Config } from '../../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';

/**
 * The local disk by default; an S3-compatible bucket when S3_BUCKET is set. The AWS SDK is loaded
 * only then: it holds about 14 MB of a server's memory that a local-disk server never uses.
 */
export async function createBlobStore(config: Config, mediaDir: string): Promise<BlobStore> {
  if (!config.S3_BUCKET) return createLocalBlobStore(mediaDir);
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  const { createS3BlobStore } = await import('./s3-blob-store.js');
  return createS3BlobStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === 'true',
    credentials,
    stagingDir: path.join(mediaDir, 'incoming'),
  });
}
