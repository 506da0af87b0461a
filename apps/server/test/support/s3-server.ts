import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3BlobStore } from '../../src/platform/blob-store/s3-blob-store.js';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the server's media at this bucket. */
  env: Record<string, string>;
  /** A blob store on this bucket, for a test to look at what the servers stored. */
  openStore(options?: { partSizeBytes?: number }): ReturnType<typeof createS3BlobStore>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver, from npm) on a loopback port with one empty bucket. */
export async function startLocalS3(bucket = 'momentos-media'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    openStore: (options = {}) =>
      createS3BlobStore({
        bucket,
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        stagingDir: os.tmpdir(),
        ...options,
      }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
