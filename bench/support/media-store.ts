import path from 'node:path';
import type { BlobStore } from '../../apps/server/src/platform/blob-store/blob-store.js';
import { createLocalBlobStore } from '../../apps/server/src/platform/blob-store/local-blob-store.js';
import { createS3BlobStore } from '../../apps/server/src/platform/blob-store/s3-blob-store.js';
import { startLocalS3 } from '../../apps/server/test/support/s3-server.js';

export interface BenchMediaStore {
  /** Printed by the benchmark, so every figure says which store it was measured on. */
  label: string;
  /** The environment that points the server's media at this store. */
  env: Record<string, string>;
  /** The same store as the server sees it, for seeding and for the storage baseline. */
  open(dataDir: string): BlobStore;
  close(): Promise<void>;
}

/**
 * The server's media store for a benchmark: the local disk under DATA_DIR (the default), or with
 * `BENCH_S3=1` an S3-compatible server (s3rver, as the tests use) on loopback, started in the
 * benchmark's process. s3rver keeps objects as files and serves them from Node, so its figures
 * show the S3 code path (requests, multipart uploads, one GetObject per file), not a real
 * bucket's throughput.
 */
export async function startBenchMediaStore(): Promise<BenchMediaStore> {
  if (process.env.BENCH_S3 !== '1') {
    return {
      label: 'local disk (DATA_DIR/media, the default)',
      env: {},
      open: (dataDir) => createLocalBlobStore(path.join(dataDir, 'media')),
      close: async () => {},
    };
  }
  const s3 = await startLocalS3();
  return {
    label: `S3 (s3rver on loopback, ${s3.endpoint}, bucket ${s3.bucket})`,
    env: s3.env,
    open: (dataDir) =>
      createS3BlobStore({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
        stagingDir: path.join(dataDir, 'media', 'incoming'),
      }),
    close: () => s3.close(),
  };
}
