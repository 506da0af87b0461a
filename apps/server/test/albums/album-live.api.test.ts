import { eq } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customizations } from '../../src/db/schema/index.js';
import { albumLiveRoutes } from '../../src/modules/albums/album-live.routes.js';
import {
  completedAlbum,
  directWriteHeard,
  enableVerification,
  joinAlbum,
  uploadedPhoto,
} from '../guests/guest-factories.js';
import { openStream } from '../support/event-stream.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-live-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** An open event stream: everything received so far, and a way to wait for a piece of it. */

const uploadedId = (albumId: string, token: string, seed: number) => uploadedPhoto(server, albumId, token, seed);

describe('the album live stream', () => {
  it('tells a code holder about a new photo as soon as it is uploaded', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const stream = await openStream(server.url, album.albumId, `?code=${album.accessCode}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.waitFor(() => stream.text().startsWith(': connected'));

    const photo = await uploadedId(album.albumId, token, 101);
    await stream.waitFor(() => stream.photoIds().length === 1);
    expect(stream.photoIds()).toEqual([photo.id]);

    // A guest token in the header opens the stream too.
    const byToken = await openStream(server.url, album.albumId, '', { 'x-guest-token': token });
    expect(byToken.response.status).toBe(200);
    await Promise.all([stream.close(), byToken.close()]);
    await stream.waitFor(() => server.app.services.albumEvents.subscriberCount(album.albumId) === 0);
  });

  it('does not announce a photo waiting for moderation, only approved ones', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const stream = await openStream(server.url, album.albumId, '', { 'x-album-code': album.accessCode });
    await stream.waitFor(() => stream.text().startsWith(': connected'));

    await enableVerification(server, album.host.customizationId);
    const pending = await uploadedId(album.albumId, token, 102);
    expect(pending.status).toBe('pending');
    await server.app.services.database.db
      .update(customizations)
      .set({ enableVerification: false })
      .where(eq(customizations.id, album.host.customizationId));
    await directWriteHeard(server);
    const approved = await uploadedId(album.albumId, token, 103);
    await stream.waitFor(() => stream.photoIds().length > 0);
    expect(stream.photoIds()).toEqual([approved.id]);
    await stream.close();
  });

  it('refuses a wrong code (403), an unknown album (404) and no credentials (401)', async () => {
    const album = await completedAlbum(server);
    const other = await completedAlbum(server);
    const wrong = await fetch(`${server.url}/api/albums/${album.albumId}/live?code=${other.accessCode}`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { code: string }).code).toBe('ALBUM_ACCESS_DENIED');
    const unknown = await fetch(
      `${server.url}/api/albums/00000000-0000-4000-8000-000000000000/live?code=${album.accessCode}`,
    );
    expect(unknown.status).toBe(404);
    expect((await fetch(`${server.url}/api/albums/${album.albumId}/live`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/albums/${album.albumId}/slideshow?code=${other.accessCode}`)).status).toBe(
      403,
    );
    expect(server.app.services.albumEvents.subscriberCount(album.albumId)).toBe(0);
  });

  it('ends open streams when the server closes, without holding the close up', async () => {
    const own = await startTestServer({ env: { DATA_DIR: dataDir } });
    const album = await completedAlbum(own);
    const streams = await Promise.all(
      [1, 2].map(() => openStream(own.url, album.albumId, `?code=${album.accessCode}`)),
    );
    await Promise.all(streams.map((stream) => stream.waitFor(() => stream.text().startsWith(': connected'))));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await Promise.all(streams.map((stream) => stream.waitFor(() => stream.ended())));
  });
});

describe('a quiet stream', () => {
  it('sends a heartbeat comment on its interval, so proxies and phone networks keep it open', async () => {
    // The same routes with a 50 ms heartbeat instead of 20 s, mounted beside the real ones.
    const own = await startTestServer({
      env: { DATA_DIR: dataDir },
      beforeListen: async (app) => {
        await app.register(albumLiveRoutes, {
          prefix: '/fast',
          events: app.services.albumEvents,
          publicUrl: 'http://momentos.test',
          heartbeatMs: 50,
        });
      },
    });
    try {
      const album = await completedAlbum(own);
      const fast = await fetch(`${own.url}/fast/albums/${album.albumId}/live?code=${album.accessCode}`);
      expect(fast.status).toBe(200);
      const reader = fast.body!.getReader();
      let text = '';
      while ((text.match(/: heartbeat\n\n/g) ?? []).length < 2)
        text += new TextDecoder().decode((await reader.read()).value);
      expect(text.startsWith(': connected')).toBe(true);
      await reader.cancel();
    } finally {
      await own.close();
    }
  });
});

describe('the slideshow details', () => {
  it('gives a code holder the album name, font, guest link and a QR code they can load', async () => {
    const album = await completedAlbum(server);
    const response = await server.request('GET', `/api/albums/${album.albumId}/slideshow`, {
      headers: { 'x-album-code': album.accessCode },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      albumId: album.albumId,
      name: 'Boda de Ana y Luis',
      fontFamily: expect.any(String),
      accessCode: album.accessCode,
      guestLink: `http://momentos.test/guest/${album.accessCode}`,
    });
    const qr = await fetch(server.url + response.body.data.qrUrl);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    expect(await qr.text()).toContain('<svg');
    expect((await fetch(`${server.url}/api/albums/${album.albumId}/slideshow/qr.svg`)).status).toBe(401);
  });
});
