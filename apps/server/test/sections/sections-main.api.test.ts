import { MAIN_SECTION } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum, joinAlbum, jpeg } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { createSection, deleteSection, guestPhotos, ownerPhotos, uploadInto } from './section-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const uploaded = async (answer: Response) => {
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
};
const ids = (list: { items: { id: string }[] }) => list.items.map((item) => item.id).sort();

describe('the album’s main part as a filter (?section=main)', () => {
  it('lists only the photos in no section, a deleted section’s included, for guests and the host', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album, 'Ana');
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const cena = (await createSection(server, album.albumId, album.host, 'Cena')).body.data.id as string;
    const inMain = await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(501), undefined));
    const inFiesta = await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(502), fiesta));
    const inCena = await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(503), cena));

    // Each filter is its own page in the guests' read cache: the whole album first, then the main part.
    expect((await guestPhotos(server, album.albumId, guest)).totalCount).toBe(3);
    const main = await guestPhotos(server, album.albumId, guest, MAIN_SECTION);
    expect(main).toMatchObject({ totalCount: 1, items: [{ id: inMain, sectionId: null }] });
    const ownerMain = await ownerPhotos(server, album.albumId, album.host, MAIN_SECTION);
    expect(ownerMain.totalCount).toBe(1);
    expect(ids(ownerMain)).toEqual([inMain]);

    // Deleting Cena moves its photo to the main part, and the cached main page follows.
    expect((await deleteSection(server, album.albumId, album.host, cena)).status).toBe(200);
    const after = await guestPhotos(server, album.albumId, guest, MAIN_SECTION);
    expect(after.totalCount).toBe(2);
    expect(ids(after)).toEqual([inMain, inCena].sort());
    expect(after.items.every((item) => item.sectionId === null)).toBe(true);
    const ownerAfter = await ownerPhotos(server, album.albumId, album.host, MAIN_SECTION);
    expect(ownerAfter.totalCount).toBe(2);
    expect(ids(ownerAfter)).toEqual([inMain, inCena].sort());
    // The named section still lists only its own.
    expect(ids(await guestPhotos(server, album.albumId, guest, fiesta))).toEqual([inFiesta]);
  });

  it('counts the host’s main part in every state, with a state filter too', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album, 'Ana');
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const hidden = await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(511), undefined));
    const shown = await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(512), undefined));
    await uploaded(await uploadInto(server, album.albumId, guest, await jpeg(513), fiesta));
    const moderation = await server.request('POST', `/api/events/${album.albumId}/photos/${hidden}/moderation`, {
      token: album.host.token,
      body: { action: 'hide' },
    });
    expect(moderation.status).toBe(200);

    expect(ids(await ownerPhotos(server, album.albumId, album.host, MAIN_SECTION))).toEqual([hidden, shown].sort());
    const hiddenInMain = await server.request(
      'GET',
      `/api/events/photos/${album.albumId}?section=${MAIN_SECTION}&state=hidden`,
      { token: album.host.token },
    );
    expect(hiddenInMain.body.data).toMatchObject({ totalCount: 1, items: [{ id: hidden }] });
    // Guests never see the hidden one.
    expect(await guestPhotos(server, album.albumId, guest, MAIN_SECTION)).toMatchObject({
      totalCount: 1,
      items: [{ id: shown }],
    });
  });

  it('refuses anything but a section id or "main" (400)', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album);
    for (const junk of ['fiesta', 'MAIN', 'main%20']) {
      const asGuest = await server.request('GET', `/api/albums/${album.albumId}/photos?section=${junk}`, {
        headers: { 'x-guest-token': guest },
      });
      expect(asGuest.status).toBe(400);
      const asHost = await server.request('GET', `/api/events/photos/${album.albumId}?section=${junk}`, {
        token: album.host.token,
      });
      expect(asHost.status).toBe(400);
    }
  });
});
