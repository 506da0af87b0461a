import { PAGE_MAX, SINGLE_LINE_TEXT_RULE } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { multipartWithFileName, sendAsOwner } from './fuzz-inputs.js';
import { ownerFixture, type OwnerFixture } from './security-fixtures.js';

/**
 * The input boundary as a client meets it: what the fuzzing test checks in bulk, here once each
 * with the answer a client reads and what is (not) stored afterwards.
 */
let server: TestServer;
let owner: OwnerFixture;

beforeAll(async () => {
  server = await startTestServer();
  owner = await ownerFixture(server);
});
afterAll(async () => server?.close());

const refusal = (field: string) => ({
  code: 'VALIDATION_ERROR',
  message: `Invalid request: ${field}: ${SINGLE_LINE_TEXT_RULE}`,
});

describe('text fields', () => {
  it('refuses a NUL in a customization field, naming the field, and keeps the stored value', async () => {
    const url = `/api/customizations/${owner.host.customizationId}`;
    const body = { event_location: 'Mérida', event_name: 'Boda\u0000 de Ana' };
    const refused = await server.request('PATCH', url, { token: owner.host.token, body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, ...refusal('event_name') });
    const stored = await server.request('GET', url, { token: owner.host.token });
    expect(stored.body.data).toMatchObject({ event_name: 'Boda de Ana y Luis', event_location: 'Oaxaca' });
  });

  it('keeps line breaks in multi-line texts and refuses them in one-line texts', async () => {
    const guest = { 'x-guest-token': owner.guestToken };
    const comment = await server.request('POST', `/api/photos/${owner.photoId}/comments`, {
      body: { text: 'uno\ndos' },
      headers: guest,
    });
    expect(comment.status).toBe(201);
    expect(comment.body.data.text).toBe('uno\ndos');
    const joining = { name: 'Ana\nLuis', accessCode: owner.accessCode };
    const join = await server.request('POST', `/api/albums/${owner.albumId}/guests`, { body: joining });
    expect(join.status).toBe(400);
    expect(join.body).toMatchObject(refusal('name'));
  });
});

describe('uploads', () => {
  it('refuses a photo whose file name has a line break or a NUL, saying so, and stores nothing', async () => {
    const count = async () => {
      const list = await server.request('GET', `/api/events/photos/${owner.albumId}`, { token: owner.host.token });
      return list.body.data.totalCount as number;
    };
    const before = await count();
    const { contentType, body } = multipartWithFileName('photo', 'boda\n.jpg', await jpeg(4242));
    const lineBreak = await sendAsOwner(server, owner)(
      'POST',
      `/api/albums/${owner.albumId}/photos`,
      body,
      contentType,
    );
    expect(lineBreak).toMatchObject({ status: 400, ...refusal('filename') });
    const nul = await uploadPhoto(server, owner.albumId, owner.guestToken, await jpeg(4343), 'boda\u0000.jpg');
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject(refusal('filename'));
    expect(await count()).toBe(before);
  });

  it('applies the same rules to tus Upload-Metadata', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = (metadata: string) =>
      fetch(`${server.url}/api/albums/${owner.albumId}/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '2048',
          'upload-metadata': metadata,
          'x-guest-token': owner.guestToken,
        },
      });
    const spoiled: [string, string][] = [
      [`filename ${b64('a\u0000.mp4')}`, 'filename'],
      [`filename ${b64('a.mp4')},uploaderName ${b64('Ana\nLuis')}`, 'uploaderName'],
      [`filename ${b64('a.mp4')},filetype ${b64('video/mp4\u0000')}`, 'filetype'],
    ];
    for (const [metadata, field] of spoiled) {
      const response = await create(metadata);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject(refusal(field));
    }
    const odd = [
      'filename !!!,,,  ,x',
      `__proto__ ${b64('{"polluted":1}')},constructor ${b64('x')},filename ${b64('a.jpg')}`,
    ];
    for (const metadata of odd) expect((await create(metadata)).status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('paging', () => {
  it('answers a page past the end with an empty list, and a page past the bound with a 400, never a 500', async () => {
    const ownerPage = (query: string) =>
      server.request('GET', `/api/events/photos/${owner.albumId}?${query}`, { token: owner.host.token });
    const pastTheEnd = await ownerPage('page=1000000&pageSize=2000');
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body.data.items).toEqual([]);
    expect(pastTheEnd.body.data.totalCount).toBeGreaterThan(0);
    const guests = await server.request('GET', `/api/albums/${owner.albumId}/photos?page=1000000&pageSize=100`, {
      headers: { 'x-guest-token': owner.guestToken },
    });
    expect(guests.status).toBe(200);
    expect(guests.body.data).toMatchObject({ items: [] });
    const beyond = await ownerPage('page=9007199254740991&pageSize=2000');
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `Invalid request: page: Too big: expected number to be <=${PAGE_MAX}`,
    });
  });
});
