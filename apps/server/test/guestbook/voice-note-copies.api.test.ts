import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum } from '../guests/guest-factories.js';
import { openTestDatabase } from '../test-database.js';
import { startTestServer, type TestServer } from '../test-server.js';
import {
  guestList,
  ownerList,
  postedVoiceNote,
  recordVoice,
  setPublicGuestbook,
  settledVoiceNotes,
  voiceCopyJobs,
} from './guestbook-factories.js';

// Issue 29: MediaRecorder's WebM states no length (the host's player read 0:00 / 0:00) and plays
// neither on an iPhone nor in QuickTime. Each voice note gets an AAC (.m4a) copy from the job queue;
// the recording is kept, and plays wherever no copy could be made.
const run = promisify(execFile);
const LOCATION = '+40.6892-074.0445/';
let dir: string;
let voice: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-voice-copies-'));
  // Chrome's MediaRecorder: Opus in a live WebM with no stated length; and a phone's tags on top.
  voice = await recordVoice(3, 440, { LOCATION, model: 'Model X' });
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const fetchBytes = async (server: TestServer, url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** What ffprobe reads in a served file: its streams, length and every tag. */
async function probe(bytes: Buffer) {
  const file = path.join(dir, `served-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  const entries = 'stream=codec_name,codec_type,channels:stream_tags:format=format_name,duration:format_tags';
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', entries, '-of', 'json', file]);
  const probed = JSON.parse(stdout) as {
    streams: { codec_name: string; codec_type: string; channels: number; tags?: Record<string, string> }[];
    format: { format_name: string; duration: string; tags?: Record<string, string> };
  };
  // The MP4 file type (ftyp) and each track's handler read as tags too; they say nothing of anyone.
  const structural = /^(major_brand|minor_version|compatible_brands|language|handler_name|vendor_id)$/;
  const tags = [probed.format.tags ?? {}, ...probed.streams.map((stream) => stream.tags ?? {})].flatMap((found) =>
    Object.entries(found)
      .filter(([name]) => !structural.test(name))
      .map(([name, value]) => `${name}=${value}`),
  );
  return {
    streams: probed.streams.map(({ codec_name, codec_type, channels }) => ({ codec_name, codec_type, channels })),
    seconds: Number(probed.format.duration),
    tags,
    coordinates: bytes.includes('40.6892'),
    // +faststart: the index (moov) before the sound (mdat), so a player knows the length at once.
    indexFirst: bytes.indexOf('moov') < bytes.indexOf('mdat'),
  };
}

const plusNote = (server: TestServer, price?: string) => postedVoiceNote(server, voice, price);

describe('voice notes’ AAC copies', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(dir, 'data');
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
  });
  afterAll(() => server.close());

  it('gives a WebM/Opus note an M4A copy with its real length, served as audio/mp4, AAC, with no tags', async () => {
    const { album, id } = await plusNote(server);
    const [job] = await settledVoiceNotes(server, album.albumId, 1);
    expect(job).toMatchObject({ messageId: id, state: 'done', attempts: 1 });

    const [listed] = (await ownerList(server, album.albumId, album.host.token)).items;
    expect(listed!.voiceType).toBe('audio/mp4');
    expect(listed!.voiceUrl).toMatch(new RegExp(`/messages/${id}/voice\\.m4a\\?`));
    expect(Math.abs(listed!.voiceDurationMs! - 3000)).toBeLessThan(100);

    const copy = await fetchBytes(server, listed!.voiceUrl!);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('audio/mp4');
    expect(copy.headers.get('accept-ranges')).toBe('bytes');
    const facts = await probe(copy.bytes);
    expect(facts).toMatchObject({
      streams: [{ codec_name: 'aac', codec_type: 'audio', channels: 1 }],
      tags: [],
      coordinates: false,
      indexFirst: true,
    });
    expect(Math.abs(facts.seconds - 3)).toBeLessThan(0.1);
    expect(listed!.voiceDurationMs).toBe(Math.round(facts.seconds * 1000));
    // A player's range request.
    const part = await fetchBytes(server, listed!.voiceUrl!, { range: 'bytes=0-99' });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 0-99/${copy.bytes.length}`]);
    expect(part.bytes.equals(copy.bytes.subarray(0, 100))).toBe(true);

    // The recording is kept as it was sent (the host's ZIP holds it, download-folders.api.test.ts).
    const stored = await fs.readdir(path.join(dataDir, 'media', 'albums', album.albumId, 'messages', id));
    expect(stored.sort()).toEqual(['playback.m4a', 'voice.webm']);
    const original = await fs.readFile(
      path.join(dataDir, 'media', 'albums', album.albumId, 'messages', id, 'voice.webm'),
    );
    expect(original.equals(voice)).toBe(true);
  });

  it('lets exactly those who may hear the recording hear the copy', async () => {
    const { album, token, id } = await plusNote(server);
    await settledVoiceNotes(server, album.albumId, 1);
    const ownerUrl = (await ownerList(server, album.albumId, album.host.token)).items[0]!.voiceUrl!;
    const direct = `/api/albums/${album.albumId}/messages/${id}/voice.m4a`;
    const stranger = await completedAlbum(server, ['price_plus_lifetime']);
    const strangerToken = await joinAlbum(server, stranger, 'Nadie');
    const statuses = async () => ({
      owner: (await fetchBytes(server, ownerUrl)).status,
      guestHeaders: (await fetchBytes(server, direct, { 'x-guest-token': token })).status,
      code: (await fetchBytes(server, direct, { 'x-album-code': album.accessCode })).status,
      otherAlbumsGuest: (await fetchBytes(server, direct, { 'x-guest-token': strangerToken })).status,
      nobody: (await fetchBytes(server, direct)).status,
      forgedOwner: (await fetchBytes(server, ownerUrl.replace(/sig=[^&]+/, 'sig=forged'))).status,
    });
    const recordingStatuses = async () => ({
      guestHeaders: (await fetchBytes(server, direct.replace('.m4a', ''), { 'x-guest-token': token })).status,
      code: (await fetchBytes(server, direct.replace('.m4a', ''), { 'x-album-code': album.accessCode })).status,
    });

    // A private guestbook: the host only, as for the recording.
    const privately = await statuses();
    expect(privately).toMatchObject({ owner: 200, guestHeaders: 404, code: 404 });
    expect(await recordingStatuses()).toEqual({ guestHeaders: 404, code: 404 });
    expect(privately.otherAlbumsGuest).toBeGreaterThanOrEqual(400);
    expect(privately.nobody).toBeGreaterThanOrEqual(400);
    expect(privately.forgedOwner).toBeGreaterThanOrEqual(400);

    // Public: guests hear it through their listed URL, their headers or the code.
    await setPublicGuestbook(server, album.host);
    const guestItem = (await guestList(server, album.albumId, token)).items[0]!;
    expect(guestItem.voiceType).toBe('audio/mp4');
    expect(guestItem.voiceUrl).not.toBe(ownerUrl);
    expect((await fetchBytes(server, guestItem.voiceUrl!)).status).toBe(200);
    expect(await statuses()).toMatchObject({ owner: 200, guestHeaders: 200, code: 200 });
    expect(await recordingStatuses()).toEqual({ guestHeaders: 200, code: 200 });

    // Hidden: guests' URLs stop at once, the host's plays on.
    await server.request('PATCH', `/api/events/${album.albumId}/messages/${id}`, {
      token: album.host.token,
      body: { hidden: true },
    });
    expect((await fetchBytes(server, guestItem.voiceUrl!)).status).toBe(404);
    expect(await statuses()).toMatchObject({ owner: 200, guestHeaders: 404, code: 404 });
    expect(await recordingStatuses()).toEqual({ guestHeaders: 404, code: 404 });

    // Deleted: the copy goes with the recording.
    expect(
      (await server.request('DELETE', `/api/events/${album.albumId}/messages/${id}`, { token: album.host.token }))
        .status,
    ).toBe(200);
    expect((await fetchBytes(server, ownerUrl)).status).toBe(404);
    const folder = path.join(dataDir, 'media', 'albums', album.albumId, 'messages', id);
    expect(await fs.readdir(folder).catch(() => [])).toEqual([]);
  });
});

describe('when no copy can be made', () => {
  it('retries, then gives up and keeps playing the recording; the ZIP holds the recording', async () => {
    // An ffmpeg that answers its version and fails every conversion (a broken build, a full disk).
    const brokenFfmpeg = path.join(dir, 'broken-ffmpeg');
    await fs.writeFile(
      brokenFfmpeg,
      '#!/bin/sh\ncase "$*" in *-version*) exit 0;; esac\necho "Conversion failed!" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    const server = await startTestServer({
      env: {
        DATA_DIR: path.join(dir, 'broken'),
        FFMPEG_PATH: brokenFfmpeg,
        FFPROBE_PATH: 'ffprobe',
        MEDIA_JOB_RETRY_BASE_MS: '0',
        MEDIA_JOB_POLL_MS: '100',
      },
    });
    try {
      const { album, id } = await plusNote(server, 'price_premium_lifetime');
      const [job] = await settledVoiceNotes(server, album.albumId, 1);
      expect(job).toMatchObject({ messageId: id, state: 'failed', attempts: 3 });
      expect(job!.lastError).toContain('Conversion failed!');

      const [listed] = (await ownerList(server, album.albumId, album.host.token)).items;
      expect(listed!.voiceType).toBe('audio/webm');
      expect(listed!.voiceUrl).toMatch(new RegExp(`/messages/${id}/voice\\?`));
      // The length measured at upload still shows.
      expect(Math.abs(listed!.voiceDurationMs! - 3000)).toBeLessThan(150);
      const heard = await fetchBytes(server, listed!.voiceUrl!);
      expect([heard.status, heard.headers.get('content-type')]).toEqual([200, 'audio/webm']);
      expect(heard.bytes.equals(voice)).toBe(true);
      expect(
        (
          await fetchBytes(server, `/api/albums/${album.albumId}/messages/${id}/voice.m4a`, {
            'x-album-code': album.accessCode,
          })
        ).status,
      ).toBe(404);

      const zip = await fetchBytes(server, eventPaths.downloadZip(album.albumId), {
        authorization: `Bearer ${album.host.token}`,
      });
      const target = path.join(dir, 'broken.zip');
      await fs.writeFile(target, zip.bytes);
      const names = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
      expect(names).toEqual(['mensajes/libro_de_firmas.html', 'mensajes/Boda de Ana y Luis_mensaje_1.webm']);
    } finally {
      await server.close();
    }
  });
});

describe('voice notes stored before copies existed, and across a restart', () => {
  it('are copied by the start-up sweep, and a queued copy is made once a server with workers starts', async () => {
    const database = await openTestDatabase();
    const env = { DATA_DIR: path.join(dir, 'restart') };
    try {
      // A server with no workers: notes are stored and their jobs wait in the queue.
      const first = await startTestServer({ env: { ...env, MEDIA_WORKERS: '0' }, database });
      const queued = await plusNote(first);
      const older = await plusNote(first);
      // One note as a server before this change stored it: no job at all.
      await database.db.execute(sql`delete from media_jobs where message_id = ${older.id}`);
      expect((await voiceCopyJobs(first, queued.album.albumId)).map((job) => job.state)).toEqual(['queued']);
      expect(await voiceCopyJobs(first, older.album.albumId)).toEqual([]);
      await first.close();

      const second = await startTestServer({ env, database });
      try {
        for (const note of [queued, older]) {
          const [job] = await settledVoiceNotes(second, note.album.albumId, 1);
          expect(job).toMatchObject({ messageId: note.id, state: 'done' });
          const [listed] = (await ownerList(second, note.album.albumId, note.album.host.token)).items;
          expect(listed!.voiceType).toBe('audio/mp4');
          const copy = await fetchBytes(second, listed!.voiceUrl!);
          expect([copy.status, copy.headers.get('content-type')]).toEqual([200, 'audio/mp4']);
        }
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  });
});
