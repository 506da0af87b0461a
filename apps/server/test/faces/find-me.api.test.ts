import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumPhotos, facePeople, guestFaceQueries, mediaJobs, photoFaces } from '../../src/db/schema/index.js';
import { completedAlbum, joinAlbum, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { faceless, groupPhoto, HIM, OTHERS, selfie, twoPeopleSelfie } from './face-samples.js';

// "Find me" end to end with real faces (issue 31): the host's switch indexes the album on the job
// queue, a guest's selfie finds the photos they are in, and every deletion rule is read back from
// the database and the media folder. Indexing is real inference (about half a second of CPU a photo),
// so the tests that index get minutes on a shared machine rather than the default 30 s.
const INDEXING = { timeout: 180_000 };
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-faces-'));
  server = await startTestServer({
    env: { DATA_DIR: dataDir, MEDIA_JOB_POLL_MS: '200', FACE_SEARCHES_PER_GUEST_PER_HOUR: '6' },
  });
}, 120_000);
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const db = () => server.app.services.database.db;

async function upload(albumId: string, token: string, bytes: Buffer) {
  const response = await uploadPhoto(server, albumId, token, bytes);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

function search(albumId: string, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('selfie', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'selfie.jpg');
  return fetch(`${server.url}/api/albums/${albumId}/faces/search`, {
    method: 'POST',
    body: form,
    headers: { 'x-guest-token': token },
  });
}

const setSwitch = (album: Awaited<ReturnType<typeof completedAlbum>>, on: boolean) =>
  server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
    token: album.host.token,
    body: { enable_face_search: on },
  });

const progressOf = async (album: Awaited<ReturnType<typeof completedAlbum>>) =>
  (await server.request('GET', `/api/events/${album.albumId}/faces`, { token: album.host.token })).body.data;

async function indexed(album: Awaited<ReturnType<typeof completedAlbum>>, photos: number) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const progress = await progressOf(album);
    if (progress.indexed >= photos) return progress;
    if (Date.now() > deadline) throw new Error(`indexing stalled: ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const facesOfAlbum = async (albumId: string) =>
  (await db().select({ n: count() }).from(photoFaces).where(eq(photoFaces.albumId, albumId)))[0]!.n;

const faceJobsOfAlbum = async (albumId: string) =>
  (
    await db()
      .select({ n: count() })
      .from(mediaJobs)
      .innerJoin(albumPhotos, eq(albumPhotos.id, mediaJobs.photoId))
      .where(and(eq(albumPhotos.albumId, albumId), eq(mediaJobs.kind, 'face-index')))
  )[0]!.n;

/** Every file under the data directory (media, staging), to show a search leaves none behind. */
const filesUnder = async (dir: string) => (await fs.readdir(dir, { recursive: true })).sort();

describe('Find me', () => {
  it('is a Premium and Elite setting: a Basic album has it refused as a rejected field', async () => {
    const album = await completedAlbum(server, ['price_basic_lifetime']);
    const saved = await setSwitch(album, true);
    expect(saved.status).toBe(200);
    expect(saved.body.data.rejectedFields).toEqual(['enable_face_search']);
    expect(saved.body.data.customization.enable_face_search).toBe(false);
  });

  it(
    'indexes the album when switched on, finds the guest in a selfie, and forgets every face when off',
    INDEXING,
    async () => {
      const album = await completedAlbum(server, ['price_premium_lifetime']);
      const token = await joinAlbum(server, album, 'Tío Beto');
      const withHim = [
        await upload(album.albumId, token, await groupPhoto([HIM[0]!, OTHERS[0]!, OTHERS[1]!], 1)),
        await upload(album.albumId, token, await groupPhoto([OTHERS[2]!, HIM[1]!], 2)),
        await upload(album.albumId, token, await groupPhoto([OTHERS[3]!, OTHERS[4]!, HIM[2]!], 3)),
      ];
      const withoutHim = [
        await upload(album.albumId, token, await groupPhoto([OTHERS[5]!, OTHERS[6]!], 4)),
        await upload(album.albumId, token, await groupPhoto([OTHERS[7]!, OTHERS[1]!, OTHERS[4]!], 5)),
      ];
      expect(await faceJobsOfAlbum(album.albumId)).toBe(0);
      expect(await progressOf(album)).toMatchObject({ enabled: false, available: true, indexed: 0, total: 5 });

      const on = await setSwitch(album, true);
      expect(on.body.data.savedFields).toEqual(['enable_face_search']);
      await indexed(album, 5);
      // A photo arriving later is queued with its row.
      withHim.push(await upload(album.albumId, token, await groupPhoto([OTHERS[0]!, HIM[3]!], 6)));
      const progress = await indexed(album, 6);
      expect(progress).toMatchObject({ enabled: true, indexed: 6, total: 6 });
      expect(progress.faces).toBeGreaterThanOrEqual(13);

      const mediaBefore = await filesUnder(dataDir);
      const found = await search(album.albumId, token, await selfie());
      expect(found.status).toBe(200);
      const { data } = (await found.json()) as { data: { items: { id: string }[]; totalCount: number } };
      expect(new Set(data.items.map((item) => item.id))).toEqual(new Set(withHim));
      expect(data.items.some((item) => withoutHim.includes(item.id))).toBe(false);
      const grid = await server.request('GET', `/api/albums/${album.albumId}/photos?pageSize=50`, {
        headers: { 'x-guest-token': token },
      });
      const gridOrder = (grid.body.data.items as { id: string }[]).map((item) => item.id);
      expect(data.items.map((item) => item.id)).toEqual(gridOrder.filter((id) => withHim.includes(id)));

      // The selfie was held in memory only: no file, no row.
      expect(await filesUnder(dataDir)).toEqual(mediaBefore);
      expect((await db().select({ n: count() }).from(guestFaceQueries))[0]!.n).toBe(0);
      expect(await db().select({ n: count() }).from(albumPhotos).where(eq(albumPhotos.albumId, album.albumId))).toEqual(
        [{ n: 6 }],
      );

      // A person the host hid (a guest who asked not to be findable) is never returned.
      const [person] = await db().insert(facePeople).values({ albumId: album.albumId, hidden: true }).returning();
      await db().update(photoFaces).set({ personId: person!.id }).where(eq(photoFaces.photoId, withHim[2]!));
      const hidden = (await (await search(album.albumId, token, await selfie())).json()) as {
        data: { items: { id: string }[] };
      };
      expect(new Set(hidden.data.items.map((item) => item.id))).toEqual(new Set([withHim[0], withHim[1], withHim[3]]));
      await db().update(photoFaces).set({ personId: null }).where(eq(photoFaces.photoId, withHim[2]!));

      // A deleted photo takes its faces with it.
      const [deleted] = withHim;
      const facesOfDeleted = () => db().select({ n: count() }).from(photoFaces).where(eq(photoFaces.photoId, deleted!));
      expect((await facesOfDeleted())[0]!.n).toBeGreaterThan(0);
      const removal = await server.request('DELETE', `/api/events/${album.albumId}/photos/${deleted}`, {
        token: album.host.token,
      });
      expect(removal.status).toBe(200);
      expect((await facesOfDeleted())[0]!.n).toBe(0);
      const again = (await (await search(album.albumId, token, await selfie())).json()) as {
        data: { items: { id: string }[] };
      };
      expect(new Set(again.data.items.map((item) => item.id))).toEqual(new Set(withHim.slice(1)));

      // Off: every face of the album and its face jobs are gone at once, and nobody can search.
      expect(await facesOfAlbum(album.albumId)).toBeGreaterThan(0);
      const off = await setSwitch(album, false);
      expect(off.body.data.savedFields).toEqual(['enable_face_search']);
      expect(await facesOfAlbum(album.albumId)).toBe(0);
      expect(await faceJobsOfAlbum(album.albumId)).toBe(0);
      const refused = await search(album.albumId, token, await selfie());
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { code: string }).code).toBe('FACE_SEARCH_OFF');
    },
  );

  it('answers 422 for a selfie with no face or several, and limits each guest pass', INDEXING, async () => {
    const album = await completedAlbum(server, ['price_elite_lifetime']);
    const token = await joinAlbum(server, album, 'Prima Lucía');
    await upload(album.albumId, token, await groupPhoto([OTHERS[0]!, OTHERS[2]!], 8));
    await setSwitch(album, true);
    await indexed(album, 1);

    const none = await search(album.albumId, token, await faceless());
    expect(none.status).toBe(422);
    expect(((await none.json()) as { code: string }).code).toBe('NO_FACE_IN_SELFIE');
    const two = await search(album.albumId, token, await twoPeopleSelfie());
    expect(two.status).toBe(422);
    expect(((await two.json()) as { code: string }).code).toBe('SEVERAL_FACES_IN_SELFIE');
    const notAnImage = await search(album.albumId, token, Buffer.from('not an image at all'));
    expect(notAnImage.status).toBe(415);

    // FACE_SEARCHES_PER_GUEST_PER_HOUR is 6 here: three more, then the pass waits.
    for (let i = 0; i < 3; i++) expect((await search(album.albumId, token, await faceless())).status).toBe(422);
    const limited = await search(album.albumId, token, await faceless());
    expect(limited.status).toBe(429);
    // Another guest's pass has its own budget.
    const other = await joinAlbum(server, album, 'Primo Juan');
    expect((await search(album.albumId, other, await faceless())).status).toBe(422);
  });

  it('lets only the album guest search and only the owner read progress', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const noToken = await fetch(`${server.url}/api/albums/${album.albumId}/faces/search`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(noToken.status).toBe(401);
    const stranger = await server.request('GET', `/api/events/${album.albumId}/faces`);
    expect(stranger.status).toBe(401);
  });
});
