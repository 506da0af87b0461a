import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostWithCustomer } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await hostWithCustomer(server)).token;
});
afterAll(() => server.close());

function upload(bytes: Buffer, filename: string, type: string, field = 'image', auth = token) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return fetch(`${server.url}/api/upload/image`, {
    method: 'POST',
    body: form,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
}

describe('POST /api/upload/image', () => {
  it('stores a PNG as an upright, metadata-free cover and serves it', async () => {
    // A tall photo stored sideways: EXIF orientation 6 means "rotate 90° to view".
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Secret 1' } } })
      .toBuffer();
    const response = await upload(photo, 'boda.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { url: string } };
    expect(data.url).toMatch(/^\/uploads\/covers\/[0-9a-f-]{36}\.webp$/);
    const served = await fetch(`${server.url}${data.url}`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 300]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'logo.png', 'image/png')).status).toBe(200);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(big, 'huge.jpg', 'image/jpeg');
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: expect.stringContaining('5MB') });
  });

  it('judges the type by the bytes: a PDF renamed .jpg is refused', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF');
    const response = await upload(pdf, 'invitacion.jpg', 'image/jpeg');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('refuses a corrupt image, a wrong field and an anonymous caller', async () => {
    expect((await upload(Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]), 'broken.jpg', 'image/jpeg')).status).toBe(415);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'a.png', 'image/png', 'photo')).status).toBe(400);
    expect((await upload(png, 'a.png', 'image/png', 'image', '')).status).toBe(401);
  });
});
