import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { assertSafeKey, type BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces…); unset means AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Objects larger than this go up as multipart uploads, in parts of this size. */
  partSizeBytes?: number;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

function isMissing(error: unknown) {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error instanceof NoSuchKey || status === 404 || (error as { name?: string }).name === 'NotFound';
}

/**
 * Media in an S3-compatible bucket. S3 makes an object visible only once it is complete, so a
 * crash mid-upload leaves no half object under the key (an abandoned multipart upload is
 * aborted here, and a bucket lifecycle rule clears any a killed process leaves behind).
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & { client: S3Client } {
  const config: S3ClientConfig = { region: options.region, forcePathStyle: options.forcePathStyle };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  const client = new S3Client(config);
  const partSize = Math.max(MIN_PART_BYTES, options.partSizeBytes ?? 8 * 1024 * 1024);
  const Bucket = options.bucket;

  return {
    client,
    async put(key, data, contentType) {
      assertSafeKey(key);
      // lib-storage sends one PUT below the part size and a multipart upload above it.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: data, ContentType: contentType }, partSize, leavePartsOnError: false });
      await upload.done();
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return undefined;
        return {
          stream: object.Body instanceof Readable ? object.Body : Readable.fromWeb(object.Body.transformToWebStream() as never),
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
