import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoComments } from '../../src/db/schema/index.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { albumWithGuestPhoto, completedAlbum, directWriteHeard, joinAlbum } from '../guests/guest-factories.js';

let server: TestServer;
let album: Awaited<ReturnType<typeof completedAlbum>>;
let token: string;
let photoId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ album, token, photoId } = await albumWithGuestPhoto(server, 1));
});
afterAll(() => server.close());

const photoPath = (suffix: string, albumId = album.albumId, id = photoId) =>
  `/api/albums/${albumId}/photos/${id}/${suffix}`;
const asGuest = (guestToken = token) => ({ headers: { 'x-guest-token': guestToken } });

describe('likes', () => {
  it('one like per guest per photo, idempotent both ways, counted in the list', async () => {
    const luis = await joinAlbum(server, album, 'Luis');
    expect((await server.request('POST', photoPath('likes'), asGuest())).body.data).toEqual({ liked: true, likes: 1 });
    expect((await server.request('POST', photoPath('likes'), asGuest())).body.data).toEqual({ liked: true, likes: 1 });
    expect((await server.request('POST', photoPath('likes'), asGuest(luis))).body.data).toEqual({
      liked: true,
      likes: 2,
    });
    const listed = await server.request('GET', `/api/albums/${album.albumId}/photos`, asGuest());
    expect(listed.body.data.items[0]).toMatchObject({ likes: 2, likedByMe: true });
    expect((await server.request('DELETE', photoPath('likes'), asGuest(luis))).body.data).toEqual({
      liked: false,
      likes: 1,
    });
    expect((await server.request('DELETE', photoPath('likes'), asGuest(luis))).body.data).toEqual({
      liked: false,
      likes: 1,
    });
  });

  it('needs a guest token of the same album; the code alone only reads', async () => {
    const other = await completedAlbum(server);
    const otherToken = await joinAlbum(server, other);
    expect(
      (await server.request('POST', photoPath('likes'), { headers: { 'x-album-code': album.accessCode } })).status,
    ).toBe(401);
    expect((await server.request('POST', photoPath('likes'), asGuest(otherToken))).status).toBe(403);
    // A photo of album A asked for under album B is not found there.
    const otherPhoto = photoPath('likes', other.albumId, photoId);
    const missing = await server.request('POST', otherPhoto, asGuest(otherToken));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PHOTO_NOT_FOUND');
  });
});

describe('likes under concurrency', () => {
  type LikeAnswer = { liked: boolean; likes: number };
  /** A fresh photo that another guest (Luis) already likes, so a count of 1 or 2 tells Ana's like apart. */
  async function photoLikedByLuis(seed: number) {
    const fresh = await albumWithGuestPhoto(server, seed);
    const luis = await joinAlbum(server, fresh.album, 'Luis');
    await server.request('POST', photoPath('likes', fresh.album.albumId, fresh.photoId), asGuest(luis));
    const listed = async () =>
      (await server.request('GET', `/api/albums/${fresh.album.albumId}/photos`, asGuest(fresh.token))).body.data
        .items[0];
    return { ...fresh, listed };
  }

  it('20 concurrent toggles by one guest answer alternately and each tells the state it left', async () => {
    const { token: ana, photoId: photo, listed } = await photoLikedByLuis(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.request('POST', `/api/photos/${photo}/like`, asGuest(ana))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const results = answers.map((answer) => answer.body.data as LikeAnswer);
    const final = await listed();
    const likedAnswers = results.filter((result) => result.liked).length;
    // Each toggle flips the like: "liked" answers minus "not liked" ones is where they ended, from not liked.
    expect(likedAnswers - (results.length - likedAnswers)).toBe(final.likedByMe ? 1 : 0);
    expect(final).toMatchObject({ likedByMe: false, likes: 1 });
    for (const result of results) expect(result.likes).toBe(result.liked ? 2 : 1);
  });

  it('concurrent likes and unlikes by one guest each answer the count they left', async () => {
    const { album: fresh, token: ana, photoId: photo, listed } = await photoLikedByLuis(3);
    const methods = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'POST' : 'DELETE'));
    const answers = await Promise.all(
      methods.map((method) => server.request(method, photoPath('likes', fresh.albumId, photo), asGuest(ana))),
    );
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ liked: methods[i] === 'POST', likes: methods[i] === 'POST' ? 2 : 1 });
    });
    const final = await listed();
    expect(final.likes).toBe(final.likedByMe ? 2 : 1);
  });
});

describe('comments', () => {
  it('stores trimmed text under the guest name and lists it newest first', async () => {
    const markup = '<script>alert(1)</script> ¡Qué bonita!';
    const created = await server.request('POST', photoPath('comments'), {
      ...asGuest(),
      body: { text: `  ${markup}  ` },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ authorName: 'Ana', text: markup });
    await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: 'Segundo' } });
    const listed = await server.request('GET', photoPath('comments'), {
      headers: { 'x-album-code': album.accessCode },
    });
    expect(listed.body.data).toMatchObject({ totalCount: 2, nextCursor: null });
    expect(listed.body.data.items.map((comment: { text: string }) => comment.text)).toEqual(['Segundo', markup]);
    expect(
      (await server.request('GET', `/api/albums/${album.albumId}/photos`, asGuest())).body.data.items[0].comments,
    ).toBe(2);
  });

  it('refuses empty or long text, readers without the code, and writers without a token', async () => {
    expect((await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: '   ' } })).status).toBe(
      400,
    );
    expect(
      (await server.request('POST', photoPath('comments'), { ...asGuest(), body: { text: 'x'.repeat(501) } })).status,
    ).toBe(400);
    expect((await server.request('POST', photoPath('comments'), { ...asGuest(), body: {} })).status).toBe(400);
    expect((await server.request('POST', photoPath('comments'), { body: { text: 'hola' } })).status).toBe(401);
    expect((await server.request('GET', photoPath('comments'), { headers: { 'x-album-code': '000000' } })).status).toBe(
      403,
    );
    expect((await server.request('GET', photoPath('comments'))).status).toBe(401);
  });
});

describe('comments paging', () => {
  const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

  it('pages 520 comments newest first; following nextCursor answers each exactly once, in order', async () => {
    const { album: fresh, photoId: photo } = await albumWithGuestPhoto(server, 4);
    // Written straight to the database (520 POSTs would be slow). Pairs share a creation time and pairs
    // are 250 µs apart, so the order rests on the database's microseconds and on the id, not on milliseconds.
    const rows = await server.app.services.database.db
      .insert(photoComments)
      .values(
        Array.from({ length: 520 }, (_, i) => ({
          photoId: photo,
          authorName: 'Ana',
          text: `comentario ${i}`,
          createdAt: sql`timestamptz '2027-06-12 18:00:00+00' + ${Math.floor(i / 2) * 250} * interval '1 microsecond'`,
        })),
      )
      .returning({ id: photoComments.id, text: photoComments.text });
    await directWriteHeard(server);
    const step = (text: string) => Math.floor(Number(text.split(' ')[1]) / 2);
    const newestFirst = [...rows]
      .sort((a, b) => step(b.text) - step(a.text) || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const code = { headers: { 'x-album-code': fresh.accessCode } };
    const base = photoPath('comments', fresh.albumId, photo);

    const first = await server.request('GET', base, code);
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(50);
    expect(first.body.data.totalCount).toBe(520);
    expect(first.body.data.items[0].text).toMatch(/^comentario 51[89]$/);
    expect(first.body.data.items.map((item: { id: string }) => item.id)).toEqual(newestFirst.slice(0, 50));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await server.request('GET', `${base}?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`, code);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.items.map((item: { id: string }) => item.id));
      cursor = page.body.data.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(6);
    expect(seen).toEqual(newestFirst);

    // The photo-addressed path pages the same way.
    const second = await server.request(
      'GET',
      `/api/photos/${photo}/comments?pageSize=100&cursor=${first.body.data.nextCursor}`,
      code,
    );
    expect(second.body.data.items[0].id).toBe(newestFirst[50]);
  });

  it('refuses a cursor it did not write, and a page size over 100, with a 400', async () => {
    const code = { headers: { 'x-album-code': album.accessCode } };
    const bad = [
      'not a cursor',
      cursorOf('x|y'),
      cursorOf(`2027-02-30T00:00:00.000000Z|${photoId}`),
      cursorOf(`0000-01-01T00:00:00.000000Z|${photoId}`),
      cursorOf(`2027-06-12T18:00:00.000000Z|not-a-uuid`),
      cursorOf(`2027-06-12T18:00:00.000000Z|${photoId}|more`),
    ];
    for (const cursor of bad) {
      const answer = await server.request('GET', `${photoPath('comments')}?cursor=${encodeURIComponent(cursor)}`, code);
      expect([cursor, answer.status, answer.body.code]).toEqual([cursor, 400, 'VALIDATION_ERROR']);
    }
    expect((await server.request('GET', `${photoPath('comments')}?pageSize=101`, code)).status).toBe(400);
    expect(
      (await server.request('GET', `/api/photos/${photoId}/comments?cursor=${cursorOf('x|y')}`, code)).status,
    ).toBe(400);
  });
});
