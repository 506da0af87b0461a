import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../factories.js';
import { completedAlbum, joinAlbum, jpeg } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import {
  createSection,
  deleteSection,
  guestPhotos,
  guestSections,
  ownerPhotos,
  updateSection,
  uploadInto,
} from './section-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const details = async (albumId: string, token: string) =>
  (await server.request('GET', `/api/events/details/${albumId}`, { token })).body.data;
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('album sections', () => {
  it('lets a Plus host add sections up to the plan’s count, its main part included, and refuses the next', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album, 'Ana');
    expect((await details(album.albumId, album.host.token)).consolidado).toMatchObject({ sectionsUsed: 1 });

    const ceremonia = await createSection(server, album.albumId, album.host, '  Ceremonia ');
    expect(ceremonia.status).toBe(201);
    expect(ceremonia.body.data).toEqual({ id: expect.any(String), name: 'Ceremonia', position: 0, photoCount: 0 });
    expect((await createSection(server, album.albumId, album.host, 'Fiesta')).status).toBe(201);
    // Plus has 3: the main part, Ceremonia and Fiesta.
    const third = await createSection(server, album.albumId, album.host, 'Cena');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ code: 'SECTION_LIMIT_REACHED' });
    expect(third.body.message).toContain('3 sections');

    const listed = await guestSections(server, album.albumId, guest);
    expect(listed).toEqual({
      limit: 3,
      items: [
        { id: ceremonia.body.data.id, name: 'Ceremonia', position: 0 },
        { id: expect.any(String), name: 'Fiesta', position: 1 },
      ],
    });
    const habilidades = (await details(album.albumId, album.host.token)).habilidades;
    expect(habilidades.secciones).toBe(3);
    expect((await details(album.albumId, album.host.token)).consolidado).toMatchObject({ sectionsUsed: 3 });
  });

  it('gives Basic its one section, the whole album: the host adds none', async () => {
    const album = await completedAlbum(server);
    const refused = await createSection(server, album.albumId, album.host, 'Fiesta');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SECTION_LIMIT_REACHED');
    expect(refused.body.message).toMatch(/one section, the whole album/);
    const guest = await joinAlbum(server, album);
    expect(await guestSections(server, album.albumId, guest)).toEqual({ items: [], limit: 1 });
  });

  it('never passes the plan’s count under concurrent creates', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    // Premium has 6: the main part and five named sections.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => createSection(server, album.albumId, album.host, `Parte ${n}`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body.code)).toEqual(
      Array(5).fill('SECTION_LIMIT_REACHED'),
    );
    const guest = await joinAlbum(server, album);
    const listed = await guestSections(server, album.albumId, guest);
    expect(listed.items.map((item) => item.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('renames and reorders sections, and guests read the new names in the new order', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    const ids: string[] = [];
    for (const name of ['Ceremonia', 'Cena', 'Fiesta'])
      ids.push((await createSection(server, album.albumId, album.host, name)).body.data.id);
    // The guest reads them once, so the next read must not come from a stale cache.
    expect(names((await guestSections(server, album.albumId, guest)).items)).toEqual(['Ceremonia', 'Cena', 'Fiesta']);

    const renamed = await updateSection(server, album.albumId, album.host, ids[1]!, { name: 'Banquete' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ id: ids[1], name: 'Banquete', position: 1 });
    const moved = await updateSection(server, album.albumId, album.host, ids[2]!, { position: 0 });
    expect(moved.body.data).toMatchObject({ name: 'Fiesta', position: 0 });
    const listed = await guestSections(server, album.albumId, guest);
    expect(listed.items.map(({ name, position }) => [name, position])).toEqual([
      ['Fiesta', 0],
      ['Ceremonia', 1],
      ['Banquete', 2],
    ]);

    // A second section of the same name (whatever its case) would make the choice ambiguous.
    const clash = await updateSection(server, album.albumId, album.host, ids[0]!, { name: 'fiesta' });
    expect(clash.status).toBe(409);
    expect((await createSection(server, album.albumId, album.host, 'BANQUETE')).status).toBe(409);
    const tooLong = await createSection(server, album.albumId, album.host, 'x'.repeat(41));
    expect(tooLong.status).toBe(400);
    expect((await updateSection(server, album.albumId, album.host, ids[0]!, {})).status).toBe(400);
  });

  it('files an upload under its section, filters by it, and keeps the photo when the section is deleted', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const guest = await joinAlbum(server, album, 'Ana');
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const bytes = await jpeg(301);
    const inFiesta = await uploadInto(server, album.albumId, guest, bytes, fiesta);
    expect(inFiesta.status).toBe(201);
    const fiestaPhoto = ((await inFiesta.json()) as { data: { id: string } }).data.id;
    // The field may come after the file too.
    const after = await uploadInto(server, album.albumId, guest, await jpeg(302), fiesta, false);
    expect(after.status).toBe(201);
    const afterPhoto = ((await after.json()) as { data: { id: string } }).data.id;
    const mainPart = await uploadInto(server, album.albumId, guest, await jpeg(303), undefined);
    const mainPhoto = ((await mainPart.json()) as { data: { id: string } }).data.id;

    const all = await guestPhotos(server, album.albumId, guest);
    expect(all.totalCount).toBe(3);
    expect(all.items.find((item) => item.id === mainPhoto)?.sectionId).toBeNull();
    const filtered = await guestPhotos(server, album.albumId, guest, fiesta);
    expect(filtered.totalCount).toBe(2);
    expect(filtered.items.map((item) => [item.id, item.sectionId])).toEqual([
      [afterPhoto, fiesta],
      [fiestaPhoto, fiesta],
    ]);
    const owner = await ownerPhotos(server, album.albumId, album.host, fiesta);
    expect(owner.items.map((item) => item.id).sort()).toEqual([afterPhoto, fiestaPhoto].sort());
    const ownerSections = await server.request('GET', `/api/events/${album.albumId}/sections`, {
      token: album.host.token,
    });
    expect(ownerSections.body.data.items).toEqual([{ id: fiesta, name: 'Fiesta', position: 0, photoCount: 2 }]);

    expect((await deleteSection(server, album.albumId, album.host, fiesta)).status).toBe(200);
    expect((await guestSections(server, album.albumId, guest)).items).toEqual([]);
    const kept = await guestPhotos(server, album.albumId, guest);
    expect(kept.totalCount).toBe(3);
    expect(kept.items.map((item) => item.sectionId)).toEqual([null, null, null]);
    // The original is still the guest's file, byte for byte.
    const ownerItem = (await ownerPhotos(server, album.albumId, album.host)).items.find(
      (item) => item.id === fiestaPhoto,
    )!;
    expect(ownerItem.sectionId).toBeNull();
    const original = await fetch(server.url + ownerItem.originalUrl);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    // The filter by a deleted section lists nothing; the section is gone for the host too.
    expect((await guestPhotos(server, album.albumId, guest, fiesta)).totalCount).toBe(0);
    expect((await deleteSection(server, album.albumId, album.host, fiesta)).body.code).toBe('SECTION_NOT_FOUND');
    expect((await details(album.albumId, album.host.token)).consolidado).toMatchObject({ sectionsUsed: 1 });
  });

  it('refuses an upload into an unknown section or another album’s, storing nothing', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const other = await completedAlbum(server, ['price_plus_lifetime']);
    const theirs = (await createSection(server, other.albumId, other.host, 'Fiesta')).body.data.id as string;
    const guest = await joinAlbum(server, album);
    for (const sectionId of [theirs, crypto.randomUUID()]) {
      const refused = await uploadInto(server, album.albumId, guest, await jpeg(401), sectionId);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({
        code: 'SECTION_NOT_FOUND',
        message: expect.stringMatching(/section/),
      });
    }
    const malformed = await uploadInto(server, album.albumId, guest, await jpeg(401), 'fiesta');
    expect(malformed.status).toBe(400);
    expect((await guestPhotos(server, album.albumId, guest)).totalCount).toBe(0);
    // The same file goes in once the guest picks no section: nothing of the refused tries was kept.
    expect((await uploadInto(server, album.albumId, guest, await jpeg(401), '')).status).toBe(201);
  });

  it('lets only the album’s owner change its sections: another host gets 404', async () => {
    const album = await completedAlbum(server, ['price_plus_lifetime']);
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    const stranger = { token: (await registerUser(server)).session.access_token as string };
    for (const answer of [
      await createSection(server, album.albumId, stranger, 'Intrusa'),
      await updateSection(server, album.albumId, stranger, fiesta, { name: 'Intrusa' }),
      await deleteSection(server, album.albumId, stranger, fiesta),
    ])
      expect(answer.status).toBe(404);
    // A section id of one album does not reach through another album's path.
    const mine = await completedAlbum(server, ['price_plus_lifetime']);
    expect((await updateSection(server, mine.albumId, mine.host, fiesta, { name: 'Mía' })).status).toBe(404);
    expect((await deleteSection(server, mine.albumId, mine.host, fiesta)).status).toBe(404);
    const guest = await joinAlbum(server, album);
    expect(names((await guestSections(server, album.albumId, guest)).items)).toEqual(['Fiesta']);
  });
});
