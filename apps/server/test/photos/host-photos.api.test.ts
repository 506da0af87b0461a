import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import {
  completedAlbum,
  enableVerification,
  joinAlbum,
  jpeg,
  patchSnapshot,
  uploadedPhoto,
} from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// The host's side of an album's photos (modules/photos/host-photos.*): every state, moderation, deletion.

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-host-photos-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const upload = async (albumId: string, token: string, seed: number) =>
  (await uploadedPhoto(server, albumId, token, seed)).id;
const ZERO = '00000000-0000-4000-8000-000000000000';

describe('GET /api/events/photos/{id}', () => {
  it('pages every photo (pending and hidden too) newest first, with likes and comments', async () => {
    const album = await completedAlbum(server);
    await enableVerification(server, album.host.customizationId);
    await patchSnapshot(server, album.albumId, {});
    const guest = await joinAlbum(server, album, 'Ana');
    const ids = [];
    for (let seed = 10; seed < 13; seed++) ids.push(await upload(album.albumId, guest, seed));
    const token = album.host.token;
    const first = await server.request('GET', eventPaths.photos(album.albumId), { token });
    expect(first.body.data.totalCount).toBe(3);
    expect(first.body.data.items.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(first.body.data.items[0]).toMatchObject({
      state: 'pending',
      kind: 'photo',
      uploadedByName: 'Tía Carmen',
      likes: [],
      comentarios: [],
    });
    const page = await server.request('GET', `${eventPaths.photos(album.albumId)}?page=2&pageSize=2`, { token });
    expect(page.body.data).toMatchObject({ totalCount: 3, items: [{ id: ids[0] }] });
    // The signed URLs work without headers, pending photos included.
    const item = first.body.data.items[0];
    for (const url of [item.urlFoto, item.thumbnail, item.originalUrl])
      expect((await fetch(server.url + url)).status, url).toBe(200);
    const original = await fetch(server.url + item.originalUrl);
    expect(Buffer.from(await original.arrayBuffer())).toEqual(await jpeg(12));
  });
});

describe('moderation', () => {
  it('approves, hides, unhides and deletes photos; deletes comments', async () => {
    const album = await completedAlbum(server);
    await enableVerification(server, album.host.customizationId);
    const guest = await joinAlbum(server, album, 'Ana');
    const pending = await upload(album.albumId, guest, 20);
    const token = album.host.token;
    const guestList = async () =>
      (
        await server.request('GET', `/api/albums/${album.albumId}/photos`, {
          headers: { 'x-album-code': album.accessCode },
        })
      ).body.data.items.map((p: { id: string }) => p.id);
    expect(await guestList()).toEqual([]);

    const moderate = (action: string, photoId = pending) =>
      server.request('POST', eventPaths.moderation(album.albumId, photoId), { token, body: { action } });
    expect((await moderate('approve')).body).toEqual({ success: true, data: { id: pending, state: 'approved' } });
    expect(await guestList()).toEqual([pending]);
    const guestItem = (
      await server.request('GET', `/api/albums/${album.albumId}/photos`, {
        headers: { 'x-album-code': album.accessCode },
      })
    ).body.data.items[0];
    expect((await moderate('unhide')).status).toBe(409);
    expect((await moderate('hide')).body.data.state).toBe('hidden');
    expect(await guestList()).toEqual([]);
    // A guest's signed URLs, valid for another hour, stop showing it at once; the host's own still do.
    for (const url of [guestItem.thumbnailUrl, guestItem.displayUrl])
      expect((await fetch(server.url + url)).status, url).toBe(404);
    const hostItem = (await server.request('GET', eventPaths.photos(album.albumId), { token })).body.data.items[0];
    for (const url of [hostItem.thumbnail, hostItem.urlFoto])
      expect((await fetch(server.url + url)).status, url).toBe(200);
    expect(hostItem.thumbnail).toContain('owner=1');
    // Hidden even from the guest who uploaded it.
    expect(
      (await server.request('GET', `/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': guest } })).body
        .data.items,
    ).toEqual([]);
    expect(
      (await server.request('GET', `${eventPaths.photos(album.albumId)}?state=hidden`, { token })).body.data.totalCount,
    ).toBe(1);
    expect((await moderate('unhide')).body.data.state).toBe('approved');
    expect(await guestList()).toEqual([pending]);
    expect((await moderate('bogus')).status).toBe(400);
    expect((await moderate('approve', ZERO)).status).toBe(404);

    const comment = await server.request('POST', `/api/albums/${album.albumId}/photos/${pending}/comments`, {
      headers: { 'x-guest-token': guest },
      body: { text: 'qué bonita' },
    });
    expect(
      (await server.request('DELETE', eventPaths.comment(album.albumId, comment.body.data.id), { token })).status,
    ).toBe(200);
    expect(
      (
        await server.request('GET', `/api/albums/${album.albumId}/photos/${pending}/comments`, {
          headers: { 'x-guest-token': guest },
        })
      ).body.data.items,
    ).toEqual([]);
    expect(
      (await server.request('DELETE', eventPaths.comment(album.albumId, comment.body.data.id), { token })).status,
    ).toBe(404);

    const before = await listFiles(path.join(dataDir, 'media', 'albums', album.albumId));
    expect(before.length).toBe(3);
    expect((await server.request('DELETE', eventPaths.photo(album.albumId, pending), { token })).body).toEqual({
      success: true,
    });
    expect(await listFiles(path.join(dataDir, 'media', 'albums', album.albumId))).toEqual([]);
    expect((await server.request('GET', eventPaths.photos(album.albumId), { token })).body.data.totalCount).toBe(0);
    expect((await server.request('DELETE', eventPaths.photo(album.albumId, pending), { token })).status).toBe(404);
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
