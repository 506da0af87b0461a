import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { sweepOrphanVoiceNotes } from '../../src/modules/guestbook/voice-note-sweep.js';
import { completedAlbum, joinAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { guestList, ownerList, postVoiceMessage, recordVoice, setPublicGuestbook } from './guestbook-factories.js';

let server: TestServer;
let dataDir: string;
let voice: Buffer;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-guestbook-'));
  // The recordings as stored and served before their AAC copies exist: no worker makes those here
  // (voice-note-copies.api.test.ts does).
  server = await startTestServer({ env: { DATA_DIR: dataDir, MEDIA_WORKERS: '0' } });
  voice = await recordVoice(3);
});
afterAll(async () => {
  await server?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const fixture = (name: string) => fs.readFile(path.resolve(import.meta.dirname, '../fixtures', name));
/** Every file the album holds in the media store (its messages' voice notes among them). */
const storedFiles = async (albumId: string) =>
  (
    await fs.readdir(path.join(dataDir, 'media', 'albums', albumId), { recursive: true }).catch(() => [] as string[])
  ).filter((name) => name.includes('.'));
const stagingFiles = async () => fs.readdir(path.join(dataDir, 'media', 'incoming')).catch(() => [] as string[]);
const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + url, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};
const plusAlbum = async () => {
  const album = await completedAlbum(server, ['price_plus_lifetime']);
  return { album, token: await joinAlbum(server, album, 'Tía Carmen') };
};

describe('guestbook voice notes', () => {
  it('refuses a voice note on Basic with the plan’s reason, and stores nothing', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const refused = await postVoiceMessage(server, album.albumId, token, { text: 'Felicidades', voice });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'VOICE_NOTES_NOT_IN_PLAN' });
    expect(refused.body.message).toContain('plan does not include voice notes');
    expect((await ownerList(server, album.albumId, album.host.token)).totalCount).toBe(0);
    expect(await storedFiles(album.albumId)).toEqual([]);
    expect(await stagingFiles()).toEqual([]);
    // The same words without the recording are welcome.
    expect((await postVoiceMessage(server, album.albumId, token, { text: 'Felicidades' })).status).toBe(201);
  });

  it('stores a Plus guest’s recording and serves it back byte for byte, whole and by range', async () => {
    const { album, token } = await plusAlbum();
    const posted = await postVoiceMessage(server, album.albumId, token, { text: 'Escuchad esto', voice });
    expect(posted.status).toBe(201);
    const id = posted.body.data.id as string;
    expect(await storedFiles(album.albumId)).toEqual([path.join('messages', id, 'voice.webm')]);

    const [listed] = (await ownerList(server, album.albumId, album.host.token)).items;
    expect(listed).toMatchObject({ id, text: 'Escuchad esto', status: 'approved' });
    // MediaRecorder's WebM states no length: the server measured it.
    expect(Math.abs(listed!.voiceDurationMs! - 3000)).toBeLessThan(150);
    const whole = await fetchBytes(listed!.voiceUrl!);
    expect(whole.response.status).toBe(200);
    expect(whole.response.headers.get('content-type')).toBe('audio/webm');
    expect(whole.response.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(voice)).toBe(true);
    const part = await fetchBytes(listed!.voiceUrl!, { range: 'bytes=100-1099' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe(`bytes 100-1099/${voice.length}`);
    expect(part.bytes.equals(voice.subarray(100, 1100))).toBe(true);
    const past = await fetchBytes(listed!.voiceUrl!, { range: `bytes=${voice.length}-` });
    expect(past.response.status).toBe(416);

    // Guests hear it once the guestbook is public, through their own signed URL or their headers.
    expect(
      (await fetchBytes(`/api/albums/${album.albumId}/messages/${id}/voice`, { 'x-guest-token': token })).response
        .status,
    ).toBe(404);
    await setPublicGuestbook(server, album.host);
    const guestItem = (await guestList(server, album.albumId, token)).items[0]!;
    expect(guestItem.voiceUrl).not.toBe(listed!.voiceUrl);
    // Guests get it without its tags (media-location.api.test.ts): the same size, Tags made Void.
    const heard = (await fetchBytes(guestItem.voiceUrl!)).bytes;
    expect(heard.length).toBe(voice.length);
    const byHeaders = await fetchBytes(`/api/albums/${album.albumId}/messages/${id}/voice`, { 'x-guest-token': token });
    expect(byHeaders.bytes.equals(heard)).toBe(true);

    // Hidden: the guests' URL stops at once, the host's still plays.
    await server.request('PATCH', `/api/events/${album.albumId}/messages/${id}`, {
      token: album.host.token,
      body: { hidden: true },
    });
    expect((await fetchBytes(guestItem.voiceUrl!)).response.status).toBe(404);
    expect((await fetchBytes(listed!.voiceUrl!)).bytes.equals(voice)).toBe(true);

    // Deleting the message deletes its recording (and the guests' copy).
    const deleted = await server.request('DELETE', `/api/events/${album.albumId}/messages/${id}`, {
      token: album.host.token,
    });
    expect(deleted.status).toBe(200);
    expect(await storedFiles(album.albumId)).toEqual([]);
    expect((await fetchBytes(listed!.voiceUrl!)).response.status).toBe(404);
  });

  it('takes a recording without words, and every container a phone records in', async () => {
    const { album, token } = await plusAlbum();
    const alone = await postVoiceMessage(server, album.albumId, token, { voice });
    expect(alone.status).toBe(201);
    for (const name of ['voice.ogg', 'voice.m4a', 'voice.aac', 'voice.mp3']) {
      // The name and declared type say nothing: the bytes decide.
      const posted = await postVoiceMessage(server, album.albumId, token, {
        voice: await fixture(name),
        filename: 'x.bin',
      });
      expect(posted.status, name).toBe(201);
    }
    const items = (await ownerList(server, album.albumId, album.host.token)).items;
    expect(items.map((item) => item.text)).toEqual(['', '', '', '', '']);
    const types = await Promise.all(
      items.map(async (item) => (await fetch(server.url + item.voiceUrl!)).headers.get('content-type')),
    );
    expect(types.sort()).toEqual(['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/ogg', 'audio/webm']);
    // Neither words nor a recording: nothing to keep.
    const empty = await postVoiceMessage(server, album.albumId, token, { text: '  ' });
    expect(empty.status).toBe(400);
  });

  it('refuses a fake recording (a WebM header and text) with 415, a 61-second one, and an oversized one, storing nothing', async () => {
    const { album, token } = await plusAlbum();
    const fake = Buffer.concat([voice.subarray(0, 64), Buffer.alloc(8192, 'esto no es audio ')]);
    const refusedFake = await postVoiceMessage(server, album.albumId, token, { text: 'hola', voice: fake });
    expect([refusedFake.status, refusedFake.body.code]).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
    const photo = await postVoiceMessage(server, album.albumId, token, {
      text: 'hola',
      voice: await fixture('photo.heic'),
    });
    expect(photo.status).toBe(415);
    const video = await postVoiceMessage(server, album.albumId, token, {
      text: 'hola',
      voice: await fixture('clip.webm'),
    });
    expect(video.status).toBe(415);

    const long = await postVoiceMessage(server, album.albumId, token, { text: 'hola', voice: await recordVoice(61) });
    expect([long.status, long.body.code]).toEqual([422, 'VOICE_NOTE_TOO_LONG']);
    expect(long.body.message).toContain('60 seconds');
    const huge = Buffer.concat([voice, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await postVoiceMessage(server, album.albumId, token, { text: 'hola', voice: huge });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, 'FILE_TOO_LARGE']);

    expect((await ownerList(server, album.albumId, album.host.token)).totalCount).toBe(0);
    expect(await storedFiles(album.albumId)).toEqual([]);
    expect(await stagingFiles()).toEqual([]);
    // A minute exactly is fine.
    expect((await postVoiceMessage(server, album.albumId, token, { voice: await recordVoice(60) })).status).toBe(201);
  });

  it('sweeps a recording whose message row never came (a crash between the two), keeping the others', async () => {
    const { album, token } = await plusAlbum();
    const kept = (await postVoiceMessage(server, album.albumId, token, { voice })).body.data.id as string;
    const leftover = crypto.randomUUID();
    const { blobStore, database } = server.app.services;
    await blobStore.put(`albums/${album.albumId}/messages/${leftover}/voice.webm`, voice, 'audio/webm');
    const repo = createGuestbookRepository(database.db);
    // A recording written a moment ago may still be getting its row: left alone.
    expect(await sweepOrphanVoiceNotes(repo, blobStore)).toBe(0);
    expect(await sweepOrphanVoiceNotes(repo, blobStore, 0)).toBeGreaterThanOrEqual(1);
    expect(await storedFiles(album.albumId)).toEqual([path.join('messages', kept, 'voice.webm')]);
  });

  it('judges recordings by their structure when the server has no ffprobe', async () => {
    const bare = await startTestServer({
      env: { DATA_DIR: dataDir, FFPROBE_PATH: '/nonexistent/ffprobe', MEDIA_WORKERS: '0' },
    });
    try {
      const album = await completedAlbum(bare, ['price_plus_lifetime']);
      const token = await joinAlbum(bare, album);
      expect((await postVoiceMessage(bare, album.albumId, token, { voice: await fixture('voice.ogg') })).status).toBe(
        201,
      );
      expect((await postVoiceMessage(bare, album.albumId, token, { voice })).status).toBe(201);
      const fake = Buffer.concat([voice.subarray(0, 64), Buffer.alloc(8192, 'esto no es audio ')]);
      expect((await postVoiceMessage(bare, album.albumId, token, { voice: fake })).status).toBe(415);
      const [ogg] = (await ownerList(bare, album.albumId, album.host.token)).items.slice(-1);
      // Ogg states its length in its last page; the live WebM does not, and the size limit holds it.
      expect(Math.abs(ogg!.voiceDurationMs! - 2000)).toBeLessThan(150);
    } finally {
      await bare.close();
    }
  });
});
