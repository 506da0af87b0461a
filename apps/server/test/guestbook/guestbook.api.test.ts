import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '../../src/db/schema/index.js';
import { buildPackageSnapshot } from '../../src/modules/albums/index.js';
import { registerUser } from '../factories.js';
import {
  completedAlbum,
  directWriteHeard,
  enableVerification,
  joinAlbum,
  patchSnapshot,
} from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { guestList, ownerList, postMessage, setPublicGuestbook } from './guestbook-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const details = async (albumId: string, token: string) =>
  (await server.request('GET', `/api/events/details/${albumId}`, { token })).body.data;

describe('the guestbook', () => {
  it('takes a guest’s message for the hosts, and shows it to guests only once the host makes it public', async () => {
    const album = await completedAlbum(server);
    const ana = await joinAlbum(server, album, 'Ana');
    const posted = await postMessage(server, album.albumId, ana, { text: '  ¡Felicidades!\nOs queremos.  ' });
    expect(posted.status).toBe(201);
    expect(posted.body).toEqual({ success: true, data: { id: expect.any(String), status: 'approved' } });

    // The hosts read it; guests do not while the guestbook is private (the default).
    const owner = await ownerList(server, album.albumId, album.host.token);
    expect(owner.items).toEqual([
      expect.objectContaining({ id: posted.body.data.id, text: '¡Felicidades!\nOs queremos.', status: 'approved' }),
    ]);
    expect(owner).toMatchObject({ totalCount: 1, counts: { approved: 1, pending: 0, hidden: 0 }, limit: 100 });
    expect(await guestList(server, album.albumId, ana)).toEqual({
      visible: false,
      voiceNotes: false,
      items: [],
      totalCount: 0,
    });

    await setPublicGuestbook(server, album.host);
    const listed = await guestList(server, album.albumId, ana);
    expect(listed).toMatchObject({ visible: true, totalCount: 1 });
    expect(listed.items).toEqual([
      {
        id: posted.body.data.id,
        authorName: 'Ana',
        text: '¡Felicidades!\nOs queremos.',
        createdAt: expect.any(String),
        voiceUrl: null,
        voiceType: null,
        voiceDurationMs: null,
      },
    ]);
    // A code holder reads it too, as the photo list.
    const byCode = await server.request('GET', `/api/albums/${album.albumId}/messages`, {
      headers: { 'x-album-code': album.accessCode },
    });
    expect(byCode.body.data.totalCount).toBe(1);
    // Posting needs a guest pass.
    expect((await postMessage(server, album.albumId, undefined, { text: 'hola' })).status).toBe(401);
  });

  it('lists newest first, signed as typed or with the guest’s name, and refuses texts outside the rules', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album, 'Luis');
    await setPublicGuestbook(server, album.host);
    expect((await postMessage(server, album.albumId, token, { text: 'primero' })).status).toBe(201);
    const signed = await postMessage(server, album.albumId, token, { text: 'segundo', authorName: ' Luis y Marta ' });
    expect(signed.status).toBe(201);
    expect((await postMessage(server, album.albumId, token, { text: 'x'.repeat(1000) })).status).toBe(201);
    const listed = await guestList(server, album.albumId, token);
    expect(listed.items.map((item) => [item.authorName, item.text.slice(0, 7)])).toEqual([
      ['Luis', 'xxxxxxx'],
      ['Luis y Marta', 'segundo'],
      ['Luis', 'primero'],
    ]);
    const page = await server.request('GET', `/api/albums/${album.albumId}/messages?page=2&pageSize=2`, {
      headers: { 'x-guest-token': token },
    });
    expect(page.body.data.items.map((item: { text: string }) => item.text)).toEqual(['primero']);

    for (const body of [
      { text: '' },
      { text: '   \n ' },
      { text: 'x'.repeat(1001) },
      { text: 'hola\u0000' },
      { text: 'hola\u001b[31m' },
      { text: 'hola', authorName: 'Ana\nB' },
      { text: 'hola', authorName: 'x'.repeat(61) },
      {},
    ]) {
      const refused = await postMessage(server, album.albumId, token, body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await ownerList(server, album.albumId, album.host.token)).totalCount).toBe(3);
  });

  it('hides a message from guests at once, shows it again, and deleting one frees its place', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    await setPublicGuestbook(server, album.host);
    const first = (await postMessage(server, album.albumId, token, { text: 'uno' })).body.data.id as string;
    const second = (await postMessage(server, album.albumId, token, { text: 'dos' })).body.data.id as string;
    const moderate = (id: string, body: unknown) =>
      server.request('PATCH', `/api/events/${album.albumId}/messages/${id}`, { token: album.host.token, body });

    expect((await moderate(first, { hidden: true })).body.data).toEqual({ id: first, status: 'hidden' });
    expect((await guestList(server, album.albumId, token)).items.map((item) => item.text)).toEqual(['dos']);
    const owner = await ownerList(server, album.albumId, album.host.token);
    expect(owner.counts).toEqual({ approved: 1, pending: 0, hidden: 1 });
    expect((await ownerList(server, album.albumId, album.host.token, '?state=hidden')).items.map((m) => m.id)).toEqual([
      first,
    ]);
    // Hiding again changes nothing; showing brings it back.
    expect((await moderate(first, { hidden: true })).body.data.status).toBe('hidden');
    expect((await moderate(first, { hidden: false })).body.data.status).toBe('approved');
    expect((await guestList(server, album.albumId, token)).totalCount).toBe(2);
    // One change at a time.
    expect((await moderate(first, { hidden: true, approve: true })).status).toBe(400);
    expect((await moderate(first, {})).status).toBe(400);

    const deleted = await server.request('DELETE', `/api/events/${album.albumId}/messages/${second}`, {
      token: album.host.token,
    });
    expect(deleted.status).toBe(200);
    expect((await guestList(server, album.albumId, token)).items.map((item) => item.text)).toEqual(['uno']);
    const again = await server.request('DELETE', `/api/events/${album.albumId}/messages/${second}`, {
      token: album.host.token,
    });
    expect([again.status, again.body.code]).toEqual([404, 'MESSAGE_NOT_FOUND']);
    expect((await moderate(crypto.randomUUID(), { hidden: true })).status).toBe(404);
  });

  it('keeps messages pending under moderation until the host approves them', async () => {
    const album = await completedAlbum(server);
    await enableVerification(server, album.host.customizationId);
    const token = await joinAlbum(server, album);
    await setPublicGuestbook(server, album.host);
    const posted = await postMessage(server, album.albumId, token, { text: 'Con cariño' });
    expect(posted.body.data.status).toBe('pending');
    expect((await guestList(server, album.albumId, token)).items).toEqual([]);
    expect((await ownerList(server, album.albumId, album.host.token)).counts.pending).toBe(1);
    const approved = await server.request('PATCH', `/api/events/${album.albumId}/messages/${posted.body.data.id}`, {
      token: album.host.token,
      body: { approve: true },
    });
    expect(approved.body.data.status).toBe('approved');
    expect((await guestList(server, album.albumId, token)).items.map((item) => item.text)).toEqual(['Con cariño']);
  });

  it('lets a Basic album take exactly its message count, however many guests post at once', async () => {
    const album = await completedAlbum(server);
    // The real Basic capacity is in the frozen plan; the test lowers it to keep 40 posts quick.
    const before = await details(album.albumId, album.host.token);
    expect(before.habilidades).toMatchObject({ numeroMensajes: 100, secciones: 1, voiceNotes: false });
    expect(before.consolidado).toMatchObject({ messages: 0, messagesLeft: 100 });
    await patchSnapshot(server, album.albumId, { messageLimit: 5 });
    const guests = await Promise.all([0, 1, 2, 3].map((n) => joinAlbum(server, album, `Invitado ${n}`)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => postMessage(server, album.albumId, guests[n % 4], { text: `mensaje ${n}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body.code)).toEqual(
      Array(35).fill('MESSAGE_LIMIT_REACHED'),
    );
    expect((await ownerList(server, album.albumId, album.host.token)).totalCount).toBe(5);
    const after = await details(album.albumId, album.host.token);
    expect(after.consolidado).toMatchObject({ messages: 5, messagesLeft: 0 });
  });

  it('closes the guestbook with the upload window', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { validUntil: '2020-01-01T00:00:00.000Z' });
    const refused = await postMessage(server, album.albumId, token, { text: 'tarde' });
    expect([refused.status, refused.body.code]).toEqual([403, 'UPLOADS_CLOSED']);
  });

  it('shows each plan’s capacities in the album detail: Plus counts, Elite unlimited messages', async () => {
    const plus = await completedAlbum(server, ['price_plus_lifetime']);
    expect((await details(plus.albumId, plus.host.token)).habilidades).toMatchObject({
      numeroVideos: 15,
      unlimitedVideos: false,
      numeroMensajes: 300,
      secciones: 3,
      unlimitedMessages: false,
      voiceNotes: true,
    });
    const elite = await completedAlbum(server, ['price_elite_monthly']);
    const eliteDetails = await details(elite.albumId, elite.host.token);
    expect(eliteDetails.habilidades).toMatchObject({
      numeroVideos: null,
      unlimitedVideos: true,
      numeroMensajes: null,
      secciones: 12,
      unlimitedMessages: true,
      voiceNotes: true,
    });
    expect(eliteDetails.consolidado).toMatchObject({ messages: 0, messagesLeft: null });
    expect((await ownerList(server, elite.albumId, elite.host.token)).limit).toBeNull();
  });

  it('answers the owner routes to the owner only: another host gets 404, as for photos', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const id = (await postMessage(server, album.albumId, token, { text: 'privado' })).body.data.id as string;
    const stranger = (await registerUser(server)).session.access_token as string;
    for (const [method, url, body] of [
      ['GET', `/api/events/${album.albumId}/messages`, undefined],
      ['PATCH', `/api/events/${album.albumId}/messages/${id}`, { hidden: true }],
      ['DELETE', `/api/events/${album.albumId}/messages/${id}`, undefined],
    ] as const) {
      const asStranger = await server.request(method, url, { token: stranger, body });
      expect([asStranger.status, JSON.stringify(asStranger.body).includes('privado')], `${method} ${url}`).toEqual([
        404,
        false,
      ]);
      expect((await server.request(method, url, { body, headers: { 'x-guest-token': token } })).status).toBe(401);
    }
    expect((await ownerList(server, album.albumId, album.host.token)).items[0]).toMatchObject({
      id,
      status: 'approved',
    });
  });

  it('gives albums made before the guestbook their plan’s capacities (migration 0016)', async () => {
    const made = await Promise.all(
      ['price_basic_lifetime', 'price_plus_lifetime', 'price_premium_lifetime', 'price_elite_monthly'].map((price) =>
        completedAlbum(server, [price]),
      ),
    );
    const db = server.app.services.database.db;
    // As they were before 0016: no guestbook capacities in their frozen plans.
    await db.update(albums).set({
      packageSnapshot: sql`${albums.packageSnapshot} - 'messageLimit' - 'sectionLimit' - 'voiceNotes'`,
    });
    const migration = await fs.readFile(
      path.resolve(import.meta.dirname, '../../src/db/migrations/0016_guestbook.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "albums"'))!;
    await db.execute(sql.raw(backfill));
    await directWriteHeard(server);
    for (const album of made) {
      const [row] = await db
        .select({ snapshot: albums.packageSnapshot })
        .from(albums)
        .where(sql`${albums.id} = ${album.albumId}`);
      const { tier } = row!.snapshot;
      const fresh = buildPackageSnapshot(tier, 'one_time', [], {
        createdAt: new Date(),
        eventDate: '2027-06-12',
        timeZone: 'UTC',
        paidThrough: null,
      });
      expect(
        {
          messageLimit: row!.snapshot.messageLimit,
          sectionLimit: row!.snapshot.sectionLimit,
          voiceNotes: row!.snapshot.voiceNotes,
        },
        tier,
      ).toEqual({ messageLimit: fresh.messageLimit, sectionLimit: fresh.sectionLimit, voiceNotes: fresh.voiceNotes });
    }
  });
});
