import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum, joinAlbum, settledVideos, uploadPhoto } from '../guests/guest-factories.js';
import { ownerList, postVoiceMessage, setPublicGuestbook } from '../guestbook/guestbook-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// Issue 28: a guest's phone writes where they stood into every clip and recording; nobody but the
// host may get it back. The coordinates of the Statue of Liberty, as ffmpeg and iPhones write them.
const LOCATION = '+40.6892-074.0445/';
let dir: string;
const media: Record<string, Buffer> = {};
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const picture = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=2'];
const sound = ['-f', 'lavfi', '-i', 'sine=frequency=523:duration=2:sample_rate=16000'];
const device = ['-metadata', `location=${LOCATION}`, '-metadata', 'make=TestPhone', '-metadata', 'model=Model X'];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-location-'));
  const make = async (name: string, args: string[]) => {
    ffmpeg(...args, path.join(dir, name));
    media[name] = await fs.readFile(path.join(dir, name));
  };
  const h264 = ['-shortest', '-c:v', 'libx264', '-preset', 'ultrafast'];
  await make('clip.mp4', [...picture, ...sound, ...h264, ...device]);
  // An iPhone's clip: QuickTime with Apple's keys (mdta) for the place and the phone.
  await make('clip.mov', [
    ...[...picture, ...sound, ...h264, '-movflags', 'use_metadata_tags', ...device],
    ...['-metadata', `com.apple.quicktime.location.ISO6709=${LOCATION}`],
    ...['-metadata', 'com.apple.quicktime.make=Apple', '-metadata', 'com.apple.quicktime.model=iPhone 15'],
  ]);
  await make('clip.webm', [
    ...[...picture, ...sound, '-shortest', '-c:v', 'libvpx', '-deadline', 'realtime', ...device],
    ...['-metadata:s:v:0', `location=${LOCATION}`],
  ]);
  const voice = [...sound, '-ac', '1', '-metadata', `LOCATION=${LOCATION}`, '-metadata', 'model=Model X'];
  await make('voice.ogg', [...voice, '-c:a', 'libopus']);
  await make('voice.webm', [...voice, '-c:a', 'libopus']);
  await make('voice.m4a', [...voice, '-metadata', `location=${LOCATION}`]);
  await make('voice.mp3', voice);
  await make('voice.aac', [...voice, '-f', 'adts']);
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/**
 * What a file served to someone gives away: the location and device tags ffprobe reads (every
 * container's, stream and format), whether the coordinates are anywhere in its bytes, and whether it
 * still holds something to play.
 */
async function leaks(bytes: Buffer) {
  const file = path.join(dir, `served-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  const probed = JSON.parse(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format_tags:stream_tags:stream=codec_type', '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as {
    streams?: { codec_type: string; tags?: Record<string, string> }[];
    format?: { tags?: Record<string, string> };
  };
  const tags = [probed.format?.tags ?? {}, ...(probed.streams ?? []).map((stream) => stream.tags ?? {})];
  return {
    tags: tags.flatMap((found) =>
      Object.entries(found)
        .filter(([name, value]) => /location|iso6709|make|model|xyz|gps/i.test(name) || value.includes('40.6892'))
        .map(([name, value]) => `${name}=${value}`),
    ),
    coordinates: bytes.includes('40.6892'),
    playable: (probed.streams ?? []).some((stream) => stream.codec_type === 'audio' || stream.codec_type === 'video'),
  };
}
const clean = { tags: [], coordinates: false, playable: true };

const fetchBytes = async (server: TestServer, url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + url, { headers });
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** An album with an uploader and a second guest who should learn nothing of where the uploader was. */
async function partyOf(server: TestServer, price = 'price_premium_lifetime') {
  const album = await completedAlbum(server, [price]);
  const uploader = await joinAlbum(server, album, 'Tía Carmen');
  const other = await joinAlbum(server, album, 'Primo Javier');
  return { album, uploader, other, code: { 'x-album-code': album.accessCode } };
}

async function uploadClips(server: TestServer, party: Awaited<ReturnType<typeof partyOf>>, names: string[]) {
  for (const name of names) {
    expect((await uploadPhoto(server, party.album.albumId, party.uploader, media[name]!, name)).status).toBe(201);
  }
  const owned = await server.request('GET', `/api/events/photos/${party.album.albumId}?pageSize=100`, {
    token: party.album.host.token,
  });
  const items = owned.body.data.items as { id: string; originalName: string; originalUrl: string }[];
  return names.map((name) => items.find((item) => item.originalName === name)!);
}

/** The host's own download is the file the guest sent, byte for byte, location and all. */
async function expectHostOriginal(server: TestServer, originalUrl: string, name: string) {
  expect((await fetchBytes(server, originalUrl)).equals(media[name]!), name).toBe(true);
}

// Each case starts a server of its own and sends three videos: 26–31 s on a loaded 2-core machine.
describe('no guest or code holder gets another guest’s location from a video', { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = path.join(dir, 'data');
  });

  it('while its playback copy is being made: the video and its poster, by token or by code', async () => {
    // No worker: every video stays processing.
    const server = await startTestServer({ env: { DATA_DIR: path.join(dataDir, 'processing'), MEDIA_WORKERS: '0' } });
    try {
      const party = await partyOf(server);
      const names = ['clip.mp4', 'clip.mov', 'clip.webm'];
      const videos = await uploadClips(server, party, names);
      for (const [index, video] of videos.entries()) {
        const base = `/api/albums/${party.album.albumId}/photos/${video.id}`;
        for (const headers of [{ 'x-guest-token': party.other }, party.code]) {
          expect(await leaks(await fetchBytes(server, `${base}/video`, headers)), names[index]).toEqual(clean);
          for (const variant of ['thumb', 'display']) {
            const poster = await fetchBytes(server, `${base}/${variant}`, headers);
            expect(poster.includes('40.6892')).toBe(false);
            expect((await sharp(poster).metadata()).exif).toBeUndefined();
          }
        }
        // A player's range request reads the same cleaned file.
        const whole = await fetchBytes(server, `${base}/video`, party.code);
        const part = await fetch(server.url + `${base}/video`, { headers: { ...party.code, range: 'bytes=0-99' } });
        expect(part.status).toBe(206);
        expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(0, 100))).toBe(true);
        await expectHostOriginal(server, video.originalUrl, names[index]!);
      }
    } finally {
      await server.close();
    }
  });

  it('once the playback copy is ready: the copy and the uploaded video', async () => {
    const server = await startTestServer({ env: { DATA_DIR: path.join(dataDir, 'ready') } });
    try {
      const party = await partyOf(server);
      const [untouched, ...videos] = await uploadClips(server, party, ['clip.webm', 'clip.mov', 'clip.mp4']);
      const settled = await settledVideos(server, party.album.albumId, party.other);
      expect(settled.map((video) => video.playback?.state)).toEqual(['ready', 'ready', 'ready']);
      for (const video of videos) {
        const base = `/api/albums/${party.album.albumId}/photos/${video.id}`;
        for (const headers of [{ 'x-guest-token': party.other }, party.code]) {
          expect(await leaks(await fetchBytes(server, `${base}/playback`, headers))).toEqual(clean);
          expect(await leaks(await fetchBytes(server, `${base}/video`, headers))).toEqual(clean);
        }
        await expectHostOriginal(server, video.originalUrl, video.originalName);
      }
      // The job made the guests' copy beside the original, before anyone asked for it.
      const folder = path.join(dataDir, 'ready', 'media', 'albums', party.album.albumId, untouched!.id);
      expect(await fs.readdir(folder)).toContain('guest-original.webm');
    } finally {
      await server.close();
    }
  });

  it('without ffmpeg, where guests are played the uploaded video itself', async () => {
    const server = await startTestServer({
      env: { DATA_DIR: path.join(dataDir, 'no-ffmpeg'), FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
    try {
      const party = await partyOf(server);
      const videos = await uploadClips(server, party, ['clip.mov', 'clip.webm']);
      const settled = await settledVideos(server, party.album.albumId, party.other);
      expect(settled.map((video) => video.playback?.failure)).toEqual(['no-ffmpeg', 'no-ffmpeg']);
      for (const listed of settled) {
        // The URL the other guest's player is given, then their headers and the code.
        expect(await leaks(await fetchBytes(server, listed.videoUrl!))).toEqual(clean);
        const base = `/api/albums/${party.album.albumId}/photos/${listed.id}/video`;
        expect(await leaks(await fetchBytes(server, base, { 'x-guest-token': party.other }))).toEqual(clean);
        expect(await leaks(await fetchBytes(server, base, party.code))).toEqual(clean);
      }
      for (const video of videos) await expectHostOriginal(server, video.originalUrl, video.originalName);
      // Deleting a video deletes its guests' copy with it.
      const deleted = await server.request('DELETE', `/api/events/${party.album.albumId}/photos/${videos[0]!.id}`, {
        token: party.album.host.token,
      });
      expect(deleted.status).toBe(200);
      const folder = path.join(dataDir, 'no-ffmpeg', 'media', 'albums', party.album.albumId, videos[0]!.id);
      expect(await fs.readdir(folder).catch(() => [])).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('no guest or code holder gets another guest’s location from a voice note', () => {
  it('in every container a phone records in, by the listed URL, by token and by code', async () => {
    // The recordings themselves: their AAC copies carry no tags either (voice-note-copies.api.test.ts).
    const server = await startTestServer({ env: { DATA_DIR: path.join(dir, 'data', 'voice'), MEDIA_WORKERS: '0' } });
    try {
      const party = await partyOf(server, 'price_plus_lifetime');
      await setPublicGuestbook(server, party.album.host);
      const names = ['voice.ogg', 'voice.webm', 'voice.m4a', 'voice.mp3', 'voice.aac'];
      const ids: string[] = [];
      for (const name of names) {
        const posted = await postVoiceMessage(server, party.album.albumId, party.uploader, { voice: media[name]! });
        expect(posted.status, name).toBe(201);
        ids.push(posted.body.data.id as string);
      }
      const guestView = await server.request('GET', `/api/albums/${party.album.albumId}/messages`, {
        headers: { 'x-guest-token': party.other },
      });
      const hostView = await ownerList(server, party.album.albumId, party.album.host.token);
      for (const [index, id] of ids.entries()) {
        const name = names[index]!;
        const listed = (guestView.body.data.items as { id: string; voiceUrl: string }[]).find(
          (item) => item.id === id,
        )!;
        expect(await leaks(await fetchBytes(server, listed.voiceUrl)), name).toEqual(clean);
        const direct = `/api/albums/${party.album.albumId}/messages/${id}/voice`;
        expect(await leaks(await fetchBytes(server, direct, { 'x-guest-token': party.other })), name).toEqual(clean);
        expect(await leaks(await fetchBytes(server, direct, party.code)), name).toEqual(clean);
        // The host hears the recording as it was sent.
        const hosts = hostView.items.find((item) => item.id === id)!;
        expect((await fetchBytes(server, hosts.voiceUrl!)).equals(media[name]!), name).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});
