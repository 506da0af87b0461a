import { eventPaths } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { openStream } from '../support/event-stream.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { startTwoServers, type RunningServer, type TwoServers } from '../support/two-servers.js';

/**
 * Two servers on one database and one object store, as behind a load balancer: a photo uploaded
 * through A arrives live on a stream opened on B, and a rate limit counts requests to both
 * (test/support/two-servers.ts says how the two servers are run on PGlite and on PostgreSQL).
 */
let s3: LocalS3;
let two: TwoServers | undefined;
let servers: RunningServer[] = [];
let mode = '';

beforeAll(async () => {
  s3 = await startLocalS3();
  const env = {
    ...s3.env,
    WEB_DIST_DIR: '',
    MEDIA_URL_SECRET: 'two-servers-signing-key-0123456789abcdef',
    ALBUM_CODE_RATE_LIMIT_PER_IP: '5',
  };
  two = await startTwoServers(env);
  servers = two.servers;
  mode = two.mode;
}, 120_000);

afterAll(async () => {
  await two?.stop();
  await s3?.close();
});

async function until(predicate: () => boolean, what: () => string, timeoutMs = 5000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out (${mode}): ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('two servers on one database and one object store', () => {
  it('delivers a photo uploaded through A live to a guest watching B, with its files readable through B', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const album = await finishedAlbum(a.url, 'premium');
    const token = await joinAsGuest(album);
    const stream = await openStream(b.url, album.albumId, `?code=${album.accessCode}`);
    expect(stream.response.status).toBe(200);
    await until(() => stream.text().startsWith(': connected'), stream.text);

    const photo = await uploadAsGuest(album, token, await sampleJpeg(7));
    expect(photo.status).toBe('approved');
    await until(() => stream.photoIds().length > 0, stream.text);
    expect(stream.photoIds()).toEqual([photo.id]);
    await stream.close();

    // B lists the photo and serves its thumbnail from the shared object store.
    const listed = await fetch(`${b.url}/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': token } });
    expect(listed.status).toBe(200);
    const items = ((await listed.json()) as { data: { items: { id: string; thumbnailUrl: string }[] } }).data.items;
    expect(items.map((item) => item.id)).toEqual([photo.id]);
    // The signed URL may be absolute (PUBLIC_URL of A) or relative: B must serve it either way.
    const thumbnailPath = items[0]!.thumbnailUrl.replace(/^https?:\/\/[^/]+/, '');
    const picture = await fetch(`${b.url}${thumbnailPath}`, { headers: { 'x-guest-token': token } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it('announces on A a photo the host approves through B (moderated album, uploaded through A)', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const album = await finishedAlbum(a.url, 'premium', { enable_verification: true });
    const token = await joinAsGuest(album);
    const stream = await openStream(a.url, album.albumId, `?code=${album.accessCode}`);
    await until(() => stream.text().startsWith(': connected'), stream.text);
    const pending = await uploadAsGuest(album, token, await sampleJpeg(8));
    expect(pending.status).toBe('pending');
    const approved = await fetch(`${b.url}${eventPaths.moderation(album.albumId, pending.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${album.host.session.access_token}` },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(approved.status).toBe(200);
    await until(() => stream.photoIds().length > 0, stream.text);
    expect(stream.photoIds()).toEqual([pending.id]);
    await stream.close();
  });

  it('keeps no stale guest read: what changes through A shows on A at once and on B as soon as B hears the database', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const album = await finishedAlbum(a.url, 'premium');
    const token = await joinAsGuest(album);
    const photo = await uploadAsGuest(album, token, await sampleJpeg(9));
    const guest = { 'x-guest-token': token, 'content-type': 'application/json' };
    const host = { authorization: `Bearer ${album.host.session.access_token}`, 'content-type': 'application/json' };
    const pageOnB = async () => {
      const response = await fetch(`${b.url}/api/albums/${album.albumId}/photos`, {
        headers: { 'x-album-code': album.accessCode },
      });
      return ((await response.json()) as { data: { items: { id: string; likes: number; comments: number }[] } }).data
        .items;
    };
    // The slideshow reads the album through the same cache as the code look-up (which this file's rate limit test counts).
    const pageOnA = async () => {
      const response = await fetch(`${a.url}/api/albums/${album.albumId}/photos`, {
        headers: { 'x-album-code': album.accessCode },
      });
      return ((await response.json()) as { data: { items: { id: string; likes: number; comments: number }[] } }).data
        .items;
    };
    // B hears A's changes through the database's notices, a moment after A answers.
    const soonOnB = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 2000, interval: 20 });
    const nameOnB = async () =>
      (
        (await (await fetch(`${b.url}/api/albums/${album.albumId}/slideshow?code=${album.accessCode}`)).json()) as {
          data: { name: string };
        }
      ).data.name;

    // B reads (and keeps) the page and the album first.
    expect(await pageOnB()).toMatchObject([{ id: photo.id, likes: 0, comments: 0 }]);
    const before = await nameOnB();

    expect(await pageOnA()).toMatchObject([{ id: photo.id, likes: 0 }]);
    expect(
      (await fetch(`${a.url}/api/photos/${photo.id}/like`, { method: 'POST', headers: { 'x-guest-token': token } }))
        .status,
    ).toBe(200);
    // Read-your-writes on the server that wrote: its answer waited until it had heard the change.
    expect(await pageOnA()).toMatchObject([{ id: photo.id, likes: 1 }]);
    await soonOnB(pageOnB).toMatchObject([{ id: photo.id, likes: 1 }]);
    const commented = await fetch(`${a.url}/api/albums/${album.albumId}/photos/${photo.id}/comments`, {
      method: 'POST',
      headers: guest,
      body: JSON.stringify({ text: '¡Qué linda!' }),
    });
    expect(commented.status).toBe(201);
    await soonOnB(pageOnB).toMatchObject([{ id: photo.id, comments: 1 }]);

    const renamed = await fetch(`${a.url}/api/customizations/${album.customizationId}`, {
      method: 'PATCH',
      headers: host,
      body: JSON.stringify({ event_name: `${before} (renamed)` }),
    });
    expect(renamed.status).toBe(200);
    await soonOnB(nameOnB).toBe(`${before} (renamed)`);

    const hidden = await fetch(`${a.url}${eventPaths.moderation(album.albumId, photo.id)}`, {
      method: 'POST',
      headers: host,
      body: JSON.stringify({ action: 'hide' }),
    });
    expect(hidden.status).toBe(200);
    await soonOnB(pageOnB).toEqual([]);
  });

  it('counts a rate limit across both servers: 3 code lookups on A and 3 on B make the sixth a 429', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const lookups: number[] = [];
    // Six different wrong codes: the same one again from the same client is not counted twice.
    for (const [index, server] of [a, a, a, b, b, b].entries())
      lookups.push((await fetch(`${server.url}/api/albums/code/00000${index}`)).status);
    expect(lookups.slice(0, 5)).not.toContain(429);
    expect(lookups[5]).toBe(429);
  });
});
