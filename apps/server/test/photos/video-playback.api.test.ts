import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectVideo } from '../../src/platform/media/video-probe.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, settledVideos, uploadPhoto } from '../guests/guest-factories.js';

let dir: string;
const clips: Record<'hevcMov' | 'vp9Webm' | 'tooLong' | 'tooWide', Buffer> = {} as never;
// Asynchronous: a worker blocked by a long encode misses vitest's 60 s RPC deadline on a busy machine.
const ffmpeg = (...args: string[]) => promisify(execFile)('ffmpeg', ['-v', 'error', '-y', ...args]);
const testSource = (size: string, seconds: number, rate = 30) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-shortest'],
];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-playback-'));
  const file = (name: string) => path.join(dir, name);
  // What an iPhone records: HEVC in QuickTime, landscape sensor frames shown portrait (rotation 90).
  await ffmpeg(
    ...testSource('1920x1080', 2),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    file('landscape.mov'),
  );
  await ffmpeg('-i', file('landscape.mov'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('iphone.mov'));
  await ffmpeg(
    ...testSource('640x360', 2),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-c:a',
    'libopus',
    file('vp9.webm'),
  );
  // Over the limits, cheaply: five minutes and a second of a tiny picture, and a 4400-pixel-wide strip.
  await ffmpeg(...testSource('32x32', 301, 1), '-c:v', 'libx264', '-preset', 'ultrafast', file('long.mp4'));
  await ffmpeg(...testSource('4400x64', 1, 1), '-c:v', 'libx264', '-preset', 'ultrafast', file('wide.mp4'));
  clips.hevcMov = await fs.readFile(file('iphone.mov'));
  clips.vp9Webm = await fs.readFile(file('vp9.webm'));
  clips.tooLong = await fs.readFile(file('long.mp4'));
  clips.tooWide = await fs.readFile(file('wide.mp4'));
}, 120_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The playback copy as a guest's player fetches it, probed by ffprobe; and whether its index comes first. */
async function probedCopy(server: TestServer, videoUrl: string) {
  const response = await fetch(server.url + videoUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('video/mp4');
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(dir, `copy-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(file, bytes);
  const facts = await inspectVideo(file, undefined);
  const streams = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,profile', '-of', 'json', file], {
      encoding: 'utf8',
    }),
  ) as { streams: { codec_name: string; profile?: string }[] };
  // +faststart: the movie's index (moov) sits before its media data (mdat), so playback starts at once.
  const indexFirst = bytes.indexOf('moov') < bytes.indexOf('mdat');
  return { ...facts, streams: streams.streams, indexFirst };
}

describe('playback copies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DATA_DIR: path.join(dir, 'data') } });
  });
  afterAll(() => server.close());

  it('gives an iPhone HEVC .mov an H.264 copy, turned upright, 720p on Plus and 1080p on Premium; the original stays', async () => {
    for (const [price, size] of [
      ['price_plus_lifetime', { width: 720, height: 1280 }],
      ['price_premium_lifetime', { width: 1080, height: 1920 }],
    ] as const) {
      const album = await completedAlbum(server, [price]);
      const token = await joinAlbum(server, album);
      expect((await uploadPhoto(server, album.albumId, token, clips.hevcMov, 'IMG_0042.MOV')).status).toBe(201);
      const [video] = await settledVideos(server, album.albumId, token);
      expect(video!.playback).toEqual({ state: 'ready', failure: null, durationMs: expect.closeTo(2000, -2) });
      const copy = await probedCopy(server, video!.videoUrl!);
      expect(copy).toMatchObject({ verdict: 'video', codec: 'h264', ...size, indexFirst: true });
      expect(copy.streams).toEqual([
        { codec_name: 'h264', profile: 'High' },
        { codec_name: 'aac', profile: 'LC' },
      ]);

      // The host's original is the file the guest sent, byte for byte.
      const photos = await server.request('GET', `/api/events/photos/${album.albumId}`, { token: album.host.token });
      const [owned] = photos.body.data.items;
      expect(owned.playback.state).toBe('ready');
      expect(owned.videoUrl).toMatch(/\/playback\?exp=/);
      const original = await fetch(server.url + owned.originalUrl);
      expect(Buffer.from(await original.arrayBuffer()).equals(clips.hevcMov)).toBe(true);
    }
  });

  it('gives a VP9 WebM an H.264 copy', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, token, clips.vp9Webm, 'fiesta.webm')).status).toBe(201);
    const [video] = await settledVideos(server, album.albumId, token);
    expect(video!.playback?.state).toBe('ready');
    expect(await probedCopy(server, video!.videoUrl!)).toMatchObject({ codec: 'h264', width: 640, height: 360 });
  });

  it('refuses a clip over five minutes or over 4K with 422, storing nothing', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const long = await uploadPhoto(server, album.albumId, token, clips.tooLong, 'discurso.mp4');
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({ code: 'VIDEO_TOO_LONG', message: expect.stringContaining('5 minutes') });
    const wide = await uploadPhoto(server, album.albumId, token, clips.tooWide, 'panorama.mp4');
    expect(wide.status).toBe(422);
    expect(await wide.json()).toMatchObject({ code: 'VIDEO_RESOLUTION_TOO_HIGH' });
    expect(await settledVideos(server, album.albumId, token)).toEqual([]);
    const folders = await fs.readdir(path.join(dir, 'data', 'media', 'albums', album.albumId)).catch(() => []);
    expect(folders).toEqual([]);
  });
});

describe('when no copy can be made', () => {
  it('without ffmpeg: limits read from the headers, the video kept and played from its original, the host told why', async () => {
    const server = await startTestServer({
      env: { DATA_DIR: path.join(dir, 'no-ffmpeg'), FFMPEG_PATH: '/nonexistent/ffmpeg' },
    });
    try {
      const album = await completedAlbum(server, ['price_premium_lifetime']);
      const token = await joinAlbum(server, album);
      // The limits still hold: an MP4's own headers give its length and size.
      const long = await uploadPhoto(server, album.albumId, token, clips.tooLong, 'discurso.mp4');
      expect([long.status, ((await long.json()) as { code: string }).code]).toEqual([422, 'VIDEO_TOO_LONG']);
      const wide = await uploadPhoto(server, album.albumId, token, clips.tooWide, 'panorama.mp4');
      expect([wide.status, ((await wide.json()) as { code: string }).code]).toEqual([422, 'VIDEO_RESOLUTION_TOO_HIGH']);
      expect((await uploadPhoto(server, album.albumId, token, clips.hevcMov, 'IMG_0042.MOV')).status).toBe(201);
      const [video] = await settledVideos(server, album.albumId, token);
      expect(video!.playback).toMatchObject({ state: 'failed', failure: 'no-ffmpeg' });
      // Guests play the uploaded video, without its metadata (media-location.api.test.ts): the same size.
      const played = await fetch(server.url + video!.videoUrl!);
      expect(video!.videoUrl).toMatch(/\/video\?exp=/);
      expect((await played.arrayBuffer()).byteLength).toBe(clips.hevcMov.length);

      const owner = { token: album.host.token };
      const listed = await server.request('GET', `/api/events/photos/${album.albumId}`, owner);
      expect(listed.body.data.items[0]).toMatchObject({ playback: { state: 'failed', failure: 'no-ffmpeg' } });
      const retryPath = `/api/events/${album.albumId}/photos/${video!.id}/playback`;
      const retried = await server.request('POST', retryPath, owner);
      expect(retried.status).toBe(200);
      expect(retried.body.data).toEqual({
        id: video!.id,
        playback: { state: 'processing', failure: null, durationMs: null },
      });
      const [again] = await settledVideos(server, album.albumId, token);
      expect(again!.playback).toMatchObject({ state: 'failed', failure: 'no-ffmpeg' });
      // Only the album's owner may ask.
      const other = await completedAlbum(server, ['price_premium_lifetime']);
      const stranger = await server.request('POST', retryPath, { token: other.host.token });
      expect(stranger.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('past its memory bound: ffmpeg is stopped, tried again, and given up with the reason', async () => {
    const server = await startTestServer({
      // Too little address space for ffmpeg to load its libraries; retries follow at once.
      env: { DATA_DIR: path.join(dir, 'low-memory'), VIDEO_TRANSCODE_MEMORY_MB: '100', MEDIA_JOB_RETRY_BASE_MS: '0' },
    });
    try {
      const album = await completedAlbum(server, ['price_premium_lifetime']);
      const token = await joinAlbum(server, album);
      expect((await uploadPhoto(server, album.albumId, token, clips.vp9Webm, 'fiesta.webm')).status).toBe(201);
      const [video] = await settledVideos(server, album.albumId, token);
      expect(video!.playback).toMatchObject({ state: 'failed', failure: 'out-of-memory' });
      const [job] = await server.app.services.database.db.query.mediaJobs.findMany();
      expect(job).toMatchObject({ state: 'failed', attempts: 3, lastError: expect.stringMatching(/ffmpeg exited/) });
    } finally {
      await server.close();
    }
  });
});
