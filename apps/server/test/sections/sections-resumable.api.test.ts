import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum, joinAlbum, jpeg } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { createSection, deleteSection, guestPhotos } from './section-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const b64 = (text: string) => Buffer.from(text).toString('base64');

const tus = (method: string, url: string, token: string, headers: Record<string, string>, body?: Buffer) =>
  fetch(server.url + url, {
    method,
    headers: { 'tus-resumable': '1.0.0', 'x-guest-token': token, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });

/** Starts a tus upload of `bytes` with `sectionId` in its metadata; answers the creation's response. */
const start = (albumId: string, token: string, bytes: Buffer, sectionId: string) =>
  tus('POST', `/api/albums/${albumId}/uploads`, token, {
    'upload-length': String(bytes.length),
    'upload-metadata': `filename ${b64('foto.jpg')},filetype ${b64('image/jpeg')},sectionId ${b64(sectionId)}`,
  });

const send = (location: string, token: string, bytes: Buffer) =>
  tus('PATCH', location, token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, bytes);

describe('resumable uploads into a section', () => {
  it('files a tus upload under the section named in its metadata', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album);
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const bytes = await jpeg(501);
    const created = await start(album.albumId, guest, bytes, fiesta);
    expect(created.status).toBe(201);
    const finished = await send(created.headers.get('location')!, guest, bytes);
    expect(finished.status).toBe(204);
    const listed = await guestPhotos(server, album.albumId, guest, fiesta);
    expect(listed.items.map((item) => item.sectionId)).toEqual([fiesta]);
  });

  it('refuses to start one into a section of another album', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const other = await completedAlbum(server, ['price_plus_lifetime']);
    const theirs = (await createSection(server, other.albumId, other.host, 'Fiesta')).body.data.id as string;
    const guest = await joinAlbum(server, album);
    const refused = await start(album.albumId, guest, await jpeg(502), theirs);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'SECTION_NOT_FOUND' });
  });

  it('lands in the main part when its section is deleted before the last byte', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album);
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const bytes = await jpeg(503);
    const created = await start(album.albumId, guest, bytes, fiesta);
    await deleteSection(server, album.albumId, album.host, fiesta);
    expect((await send(created.headers.get('location')!, guest, bytes)).status).toBe(204);
    expect((await guestPhotos(server, album.albumId, guest)).items.map((item) => item.sectionId)).toEqual([null]);
  });
});
