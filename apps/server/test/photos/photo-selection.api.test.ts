import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths, PHOTO_BATCH_MAX } from '@momentos/contract';
import { registerUser } from '../factories.js';
import {
  completedAlbum,
  enableVerification,
  joinAlbum,
  jpeg,
  patchSnapshot,
  uploadedPhoto,
  uploadPhoto,
} from '../guests/guest-factories.js';
import { createSection, uploadInto } from '../sections/section-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// Issue 29 item 8: the host approves, hides, deletes and downloads several photos at once
// (host-photos.routes.ts, photo-moderation.ts, archive.routes.ts, selection-zip.service.ts).
const run = promisify(execFile);
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-photo-selection-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Album = Awaited<ReturnType<typeof completedAlbum>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** An album with verification on and `count` pending uploads by one guest, newest last. */
async function albumWithPending(count: number, plan?: string[]) {
  const album = await completedAlbum(server, plan);
  await enableVerification(server, album.host.customizationId);
  const guest = await joinAlbum(server, album, 'Ana');
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push((await uploadedPhoto(server, album.albumId, guest, 300 + ids.length)).id);
  return { album, guest, ids };
}

const batch = (album: Album, body: unknown, headers: Record<string, string> = {}) =>
  server.request('POST', eventPaths.photoBatch(album.albumId), { body, headers });
const asHost = (album: Album) => ({ authorization: `Bearer ${album.host.token}` });

/** Every photo's state as the host lists them. */
async function states(album: Album): Promise<Record<string, string>> {
  const list = await server.request('GET', `${eventPaths.photos(album.albumId)}?pageSize=100`, {
    token: album.host.token,
  });
  return Object.fromEntries(
    list.body.data.items.map((photo: { id: string; state: string }) => [photo.id, photo.state]),
  );
}

const guestIds = async (album: Album) =>
  (
    await server.request('GET', `/api/albums/${album.albumId}/photos?pageSize=100`, {
      headers: { 'x-album-code': album.accessCode },
    })
  ).body.data.items.map((photo: { id: string }) => photo.id);

async function filesUnder(albumId: string) {
  const dir = path.join(dataDir, 'media', 'albums', albumId);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('POST /api/events/{id}/photos/batch', () => {
  it('approves and hides a selection in one request; other albums’ and unknown ids are reported alike and left alone', async () => {
    const { album, ids } = await albumWithPending(6);
    const other = await albumWithPending(1);
    const foreign = other.ids[0]!;

    const approved = await batch(
      album,
      { action: 'approve', photoIds: [...ids, ids[0], foreign, UNKNOWN] },
      asHost(album),
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ success: true, data: { done: ids, notFound: [foreign, UNKNOWN] } });
    expect(Object.values(await states(album))).toEqual(Array(6).fill('approved'));
    expect((await guestIds(album)).sort()).toEqual([...ids].sort());
    // The other album's photo is still waiting for its own host.
    expect(await states(other.album)).toEqual({ [foreign]: 'pending' });

    const hidden = await batch(album, { action: 'hide', photoIds: ids.slice(0, 2) }, asHost(album));
    expect(hidden.body.data).toEqual({ done: ids.slice(0, 2), notFound: [] });
    expect((await guestIds(album)).sort()).toEqual(ids.slice(2).sort());
    // Approve shows hidden photos again, as the single approve does.
    const shown = await batch(album, { action: 'approve', photoIds: [ids[0]] }, asHost(album));
    expect(shown.body.data.done).toEqual([ids[0]]);
    expect((await states(album))[ids[0]!]).toBe('approved');
    expect((await states(album))[ids[1]!]).toBe('hidden');
  });

  it('deletes a selection with its files, and the plan counts the room it frees at once', async () => {
    const { album, guest, ids } = await albumWithPending(3);
    const other = await albumWithPending(1);
    await patchSnapshot(server, album.albumId, { photoLimit: 3 });
    const full = await uploadPhoto(server, album.albumId, guest, await jpeg(399));
    expect(full.status).toBe(403);
    expect(((await full.json()) as { code: string }).code).toBe('PHOTO_LIMIT_REACHED');
    const details = async () =>
      (await server.request('GET', eventPaths.details(album.albumId), { token: album.host.token })).body.data
        .consolidado;
    expect(await details()).toMatchObject({ photos: 3, pendingPhotos: 3, photosLeft: 0 });
    expect(await filesUnder(album.albumId)).toHaveLength(9);
    const otherFiles = await filesUnder(other.album.albumId);

    const deleted = await batch(album, { action: 'delete', photoIds: [ids[0], ids[2], other.ids[0]] }, asHost(album));
    expect(deleted.body).toEqual({ success: true, data: { done: [ids[0], ids[2]], notFound: [other.ids[0]] } });
    expect(Object.keys(await states(album))).toEqual([ids[1]]);
    expect(await details()).toMatchObject({ photos: 1, pendingPhotos: 1, photosLeft: 2 });
    // Only the kept photo's original and renditions remain on disk; the other album's are untouched.
    const left = await filesUnder(album.albumId);
    expect(left).toHaveLength(3);
    expect(left.every((file) => file.includes(ids[1]!))).toBe(true);
    expect(await filesUnder(other.album.albumId)).toEqual(otherFiles);
    expect((await uploadPhoto(server, album.albumId, guest, await jpeg(399))).status).toBe(201);

    // Deleting again finds nothing and says so for each id.
    const again = await batch(album, { action: 'delete', photoIds: [ids[0]] }, asHost(album));
    expect(again.body.data).toEqual({ done: [], notFound: [ids[0]] });
  });

  it('lets only the album’s host in: a guest, another host and no session change nothing', async () => {
    const { album, guest, ids } = await albumWithPending(2);
    const stranger = await registerUser(server);
    // A guest's token is no host session (401); another host's album answers like a missing one (404).
    const callers: [string, Record<string, string>, number][] = [
      ['no session', {}, 401],
      ['a guest of the album', { 'x-guest-token': guest, 'x-album-code': album.accessCode }, 401],
      ['another host', { authorization: `Bearer ${stranger.session.access_token}` }, 404],
    ];
    for (const [who, headers, status] of callers) {
      for (const action of ['approve', 'hide', 'delete']) {
        const refused = await batch(album, { action, photoIds: ids }, headers);
        expect(refused.status, `${who} ${action}`).toBe(status);
        expect(JSON.stringify(refused.body)).not.toContain(ids[0]);
      }
      const listed = await server.request('GET', eventPaths.photoIds(album.albumId), { headers });
      expect(listed.status, `${who} ids`).toBe(status);
      const link = await server.request('POST', eventPaths.selectionLink(album.albumId), {
        headers,
        body: { photoIds: ids },
      });
      expect(link.status, `${who} link`).toBe(status);
    }
    expect(Object.values(await states(album))).toEqual(['pending', 'pending']);
    expect(await filesUnder(album.albumId)).toHaveLength(6);
    // The host, asking the same, is let in: the refusals above are about who asks.
    expect((await batch(album, { action: 'hide', photoIds: ids }, asHost(album))).status).toBe(200);
  });

  it('refuses a malformed selection with a 400 naming the field', async () => {
    const { album, ids } = await albumWithPending(1);
    const tooMany = Array.from({ length: PHOTO_BATCH_MAX + 1 }, () => crypto.randomUUID());
    const bodies: [unknown, string][] = [
      [{ action: 'approve', photoIds: [] }, 'photoIds'],
      [{ action: 'approve', photoIds: tooMany }, 'photoIds'],
      [{ action: 'approve', photoIds: ['not-a-uuid'] }, 'photoIds'],
      [{ action: 'unhide', photoIds: ids }, 'action'],
      [{ photoIds: ids }, 'action'],
    ];
    for (const [body, field] of bodies) {
      const refused = await batch(album, body, asHost(album));
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.message).toContain(field);
    }
    expect(Object.values(await states(album))).toEqual(['pending']);
  });
});

describe('GET /api/events/{id}/photo-ids', () => {
  it('answers every id of a state and section, in the grid’s order', async () => {
    const { album, ids } = await albumWithPending(4);
    await batch(album, { action: 'approve', photoIds: [ids[1]] }, asHost(album));
    const read = async (query: string) =>
      (await server.request('GET', `${eventPaths.photoIds(album.albumId)}${query}`, { token: album.host.token })).body
        .data.ids;
    expect(await read('')).toEqual([...ids].reverse());
    expect(await read('?state=pending')).toEqual([ids[3], ids[2], ids[0]]);
    expect(await read('?state=hidden')).toEqual([]);
    expect(await read('?section=main&state=approved')).toEqual([ids[1]]);
  });
});

describe('the selection’s ZIP', () => {
  it('signs a link to the chosen originals that works without headers, resumes, and cannot be widened', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album, 'Ana');
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const sent = [await jpeg(501), await jpeg(502), await jpeg(503)];
    const ids: string[] = [];
    for (const bytes of sent.slice(0, 2)) {
      const response = await uploadPhoto(server, album.albumId, guest, bytes);
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    const inFiesta = await uploadInto(server, album.albumId, guest, sent[2]!, fiesta);
    ids.push(((await inFiesta.json()) as { data: { id: string } }).data.id);
    const foreign = (await albumWithPending(1)).ids[0]!;

    const linked = await server.request('POST', eventPaths.selectionLink(album.albumId), {
      token: album.host.token,
      body: { photoIds: [ids[2], ids[0], foreign, ids[0]] },
    });
    expect(linked.status).toBe(200);
    const link = linked.body.data;
    expect(link).toMatchObject({ count: 2, notFound: [foreign], fileName: 'Boda de Ana y Luis_seleccion.zip' });

    const response = await fetch(server.url + link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Boda de Ana y Luis_seleccion.zip');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(link.bytes);
    const file = path.join(dataDir, 'selection.zip');
    await fs.writeFile(file, bytes);
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const names = (await run('unzip', ['-Z1', file])).stdout.trim().split('\n');
    const stem = 'Boda de Ana y Luis';
    expect(names).toEqual([`fotos/Álbum principal/${stem}_foto_1.jpg`, `fotos/Fiesta/${stem}_foto_2.jpg`]);
    const read = async (name: string) =>
      (await run('unzip', ['-p', file, name], { encoding: 'buffer' })).stdout as unknown as Buffer;
    expect(await read(names[0]!)).toEqual(sent[0]);
    expect(await read(names[1]!)).toEqual(sent[2]);

    // A resumed range is the same bytes.
    const tail = await fetch(server.url + link.url, { headers: { range: `bytes=${bytes.length - 100}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));

    // Another selection in the same signed path, or a broken one, opens nothing.
    const url = new URL(server.url + link.url);
    const widened = new URL(url);
    widened.searchParams.set('s', Buffer.from(ids.join('').replaceAll('-', ''), 'hex').toString('base64url'));
    expect((await fetch(widened)).status).toBe(404);
    const broken = new URL(url);
    broken.searchParams.set('s', `${url.searchParams.get('s')!.slice(0, -2)}`);
    expect([400, 404]).toContain((await fetch(broken)).status);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    expect((await fetch(unsigned)).status).toBe(401);

    // A photo deleted since leaves the archive; the old link's resume is refused rather than joined.
    await batch(album, { action: 'delete', photoIds: [ids[0]] }, asHost(album));
    const changed = await fetch(server.url + link.url, { headers: { range: 'bytes=100-' } });
    expect(changed.status).toBe(412);
    const fresh = await fetch(server.url + link.url);
    expect(fresh.status).toBe(200);
    expect(Number(fresh.headers.get('content-length'))).toBeLessThan(link.bytes);
    await fresh.body?.cancel();
  });

  it('needs the plan’s ZIP download, and a selection with none of the album’s photos is a 404', async () => {
    const { album, ids } = await albumWithPending(1);
    const basic = await server.request('POST', eventPaths.selectionLink(album.albumId), {
      token: album.host.token,
      body: { photoIds: ids },
    });
    expect(basic.status).toBe(403);
    const premium = await completedAlbum(server, ['price_premium_lifetime']);
    const none = await server.request('POST', eventPaths.selectionLink(premium.albumId), {
      token: premium.host.token,
      body: { photoIds: [ids[0], UNKNOWN] },
    });
    expect(none.status).toBe(404);
  });
});
