import { randomBytes } from 'node:crypto';

export interface PhotoUploadBody {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

/**
 * The multipart body the guest page sends for one photo (`uploaderName`, then the file in
 * `photo`), encoded once into one buffer. Benchmarks build it before the clock starts, so the
 * load generator, which shares the machine's cores with the server, spends no CPU on FormData.
 */
export function photoUploadBody(photo: Buffer, uploaderName: string, fileName = 'IMG.jpg'): PhotoUploadBody {
  const boundary = `----momentos-bench-${randomBytes(12).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="uploaderName"\r\n\r\n${uploaderName}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\n` +
    'Content-Type: image/jpeg\r\n\r\n';
  return {
    body: new Uint8Array(Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)])),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
