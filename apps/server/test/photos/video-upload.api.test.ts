import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import {
  completedAlbum,
  joinAlbum,
  jpeg,
  patchSnapshot,
  settledVideos,
  uploadPhoto,
} from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-videos-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const fixture = (name: string) => fs.readFile(path.resolve(import.meta.dirname, '../fixtures', name));
const storedFiles = async (albumId: string) =>
  (
    await fs.readdir(path.join(dataDir, 'media', 'albums', albumId), { recursive: true }).catch(() => [] as string[])
  ).filter((name) => name.includes('.'));
const stagingFiles = async () => fs.readdir(path.join(dataDir, 'media', 'incoming')).catch(() => [] as string[]);
const codeOf = async (response: Response) => [response.status, ((await response.json()) as { code: string }).code];
/** The same clip with different trailing bytes, so each copy has its own hash. */
const clipCopy = async (seed: number) => Buffer.concat([await fixture('clip.mp4'), Buffer.from(`copy-${seed}`)]);

interface ListedPhoto {
  id: string;
  kind: string;
  videoUrl: string | null;
  playback: { state: string } | null;
  thumbnailUrl: string;
  displayUrl: string;
}
const list = async (albumId: string, token: string) =>
  (await server.request('GET', `/api/albums/${albumId}/photos`, { headers: { 'x-guest-token': token } })).body.data
    .items as ListedPhoto[];

describe('videos', () => {
  it('accepts MP4, MOV and WebM by their bytes, keeps the original, and lists them with a poster, then a playable copy', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    for (const name of ['clip.mp4', 'clip.mov', 'clip.webm']) {
      // The declared name says nothing: a video sent as "foto.jpg" is still judged a video.
      const response = await uploadPhoto(server, album.albumId, token, await fixture(name), 'foto.jpg');
      expect(response.status).toBe(201);
    }
    const listed = await list(album.albumId, token);
    expect(listed.map((item) => item.kind)).toEqual(['video', 'video', 'video']);
    // Until its copy is made a video has nothing to play: the grid shows its poster as processing.
    for (const item of listed.filter((entry) => entry.playback?.state === 'processing'))
      expect(item.videoUrl).toBeNull();
    const items = await settledVideos(server, album.albumId, token);
    expect(items.map((item) => item.playback?.state)).toEqual(['ready', 'ready', 'ready']);
    const originals = (await storedFiles(album.albumId))
      .filter((name) => path.basename(name).startsWith('original'))
      .map((name) => path.extname(name))
      .sort();
    expect(originals).toEqual(['.mov', '.mp4', '.webm']);
    for (const item of items) {
      expect(item.videoUrl).toMatch(/\/playback\?exp=\d+&sig=/);
      const poster = await fetch(server.url + item.thumbnailUrl);
      expect(poster.status).toBe(200);
      const meta = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
    }
    await expect.poll(stagingFiles, { timeout: 10_000 }).toEqual([]);
  });

  it('serves the video with byte ranges so the browser can seek', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const clip = await fixture('clip.mp4');
    expect((await uploadPhoto(server, album.albumId, token, clip, 'clip.mp4')).status).toBe(201);
    const [item] = await list(album.albumId, token);
    // The video as uploaded, read with the guest's pass (the list signs only the playback copy): the
    // same size as the original, its metadata blanked (media-location.api.test.ts).
    const url = `${server.url}/api/albums/${album.albumId}/photos/${item!.id}/video`;
    const auth = { 'x-guest-token': token };
    const fetch = (input: string, init: { headers?: Record<string, string> } = {}) =>
      globalThis.fetch(input, { headers: { ...auth, ...init.headers } });

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const served = Buffer.from(await whole.arrayBuffer());
    expect(served.length).toBe(clip.length);

    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${clip.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(served.subarray(100, 200))).toBe(true);

    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(served.subarray(clip.length - 10))).toBe(true);

    const beyond = await fetch(url, { headers: { range: `bytes=${clip.length + 5}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${clip.length}`);
    // RFC 9110: a last byte before the first makes the Range invalid, so it is ignored (the whole
    // file); "the last 0 bytes" is well formed but selects nothing (416).
    const backwards = await fetch(url, { headers: { range: 'bytes=9-3' } });
    expect(backwards.status).toBe(200);
    expect(Buffer.from(await backwards.arrayBuffer()).equals(served)).toBe(true);
    const emptySuffix = await fetch(url, { headers: { range: 'bytes=-0' } });
    expect(emptySuffix.status).toBe(416);
    expect(emptySuffix.headers.get('content-range')).toBe(`bytes */${clip.length}`);

    // Without a signature or guest headers there is nothing to see; a photo has no video.
    expect((await globalThis.fetch(url)).status).toBe(401);
    await uploadPhoto(server, album.albumId, token, await jpeg(900));
    const photo = (await list(album.albumId, token)).find((entry) => entry.kind === 'photo')!;
    expect(photo.videoUrl).toBeNull();
    const noVideo = await fetch(`${server.url}/api/albums/${album.albumId}/photos/${photo.id}/video`, {
      headers: { 'x-guest-token': token },
    });
    expect(noVideo.status).toBe(404);
  });

  it('counts videos against the video limit and photos against the photo limit, also when sent at once', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { videoLimit: 2, photoLimit: 1 });
    const clips = await Promise.all([1, 2, 3, 4, 5].map(clipCopy));
    const responses = await Promise.all(
      clips.map((clip) => uploadPhoto(server, album.albumId, token, clip, 'clip.mp4')),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 403, 403, 403]);
    for (const refused of responses.filter((r) => r.status === 403)) {
      expect(await refused.json()).toMatchObject({
        code: 'VIDEO_LIMIT_REACHED',
        message: 'This album has reached its video limit',
      });
    }
    // Videos did not use up the photo allowance.
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(901))).status).toBe(201);
    expect(await codeOf(await uploadPhoto(server, album.albumId, token, await jpeg(902)))).toEqual([
      403,
      'PHOTO_LIMIT_REACHED',
    ]);
    await settledVideos(server, album.albumId, token);
    // Each file's original and two renditions, and each video's playback copy and guests' copy.
    expect(await storedFiles(album.albumId)).toHaveLength(3 * 3 + 2 * 2);
    await expect.poll(stagingFiles, { timeout: 10_000 }).toEqual([]);
  });

  it('refuses videos when the plan holds none, and lets an unlimited plan take many', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { videoLimit: 0 });
    const refused = await uploadPhoto(server, album.albumId, token, await clipCopy(10), 'clip.mp4');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'VIDEO_LIMIT_REACHED',
      message: "This album's plan does not include videos",
    });
    await patchSnapshot(server, album.albumId, { videoLimit: null });
    for (const seed of [11, 12, 13])
      expect((await uploadPhoto(server, album.albumId, token, await clipCopy(seed), 'clip.mp4')).status).toBe(201);
    // Their copies are made before the next test looks at the staging folder.
    await settledVideos(server, album.albumId, token);
  });

  it('takes a video over 25 MB, but refuses a photo over 25 MB with 413 and stores nothing for it', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    const bigVideo = Buffer.concat([await fixture('clip.mp4'), Buffer.alloc(30 * 1024 * 1024, 1)]);
    expect((await uploadPhoto(server, album.albumId, token, bigVideo, 'big.mp4')).status).toBe(201);
    const bigPhoto = Buffer.concat([await jpeg(903), Buffer.alloc(26 * 1024 * 1024)]);
    const response = await uploadPhoto(server, album.albumId, token, bigPhoto);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: expect.stringContaining('25 MB limit for photos'),
    });
    expect((await storedFiles(album.albumId)).filter((name) => path.basename(name).startsWith('original'))).toEqual([
      expect.stringMatching(/original\.mp4$/),
    ]);
    await settledVideos(server, album.albumId, token);
    await expect.poll(stagingFiles, { timeout: 10_000 }).toEqual([]);
  });
});

/** Real MP4, QuickTime and WebM headers with 4 KB of text behind them: what their first bytes alone call videos. */
const fakeVideos = async () => {
  const text = Buffer.alloc(4096, 'Lorem ipsum dolor sit amet. ');
  return [
    Buffer.concat([(await fixture('clip.mp4')).subarray(0, 32), text]),
    Buffer.concat([(await fixture('clip.mov')).subarray(0, 20), text]),
    Buffer.concat([(await fixture('clip.webm')).subarray(0, 40), text]),
  ];
};
const folders = async (media: string, albumId: string) =>
  fs.readdir(path.join(media, 'albums', albumId)).catch(() => [] as string[]);

describe('files that only start like a video', () => {
  it('are refused with 415, leaving no row, file or folder and none of the video allowance used', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { videoLimit: 1 });
    for (const fake of await fakeVideos()) {
      expect(await codeOf(await uploadPhoto(server, album.albumId, token, fake, 'fiesta.mp4'))).toEqual([
        415,
        'FILE_TYPE_NOT_ALLOWED',
      ]);
    }
    expect(await list(album.albumId, token)).toEqual([]);
    expect(await folders(path.join(dataDir, 'media'), album.albumId)).toEqual([]);
    expect(await stagingFiles()).toEqual([]);
    expect((await uploadPhoto(server, album.albumId, token, await fixture('clip.mp4'), 'clip.mp4')).status).toBe(201);
    expect((await list(album.albumId, token)).map((item) => item.kind)).toEqual(['video']);
  });

  it('are refused by their structure when ffprobe cannot run, while real clips still pass', async () => {
    const bareDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-no-ffprobe-'));
    const bare = await startTestServer({
      env: { DATA_DIR: bareDir, FFPROBE_PATH: path.join(bareDir, 'no-such-ffprobe') },
    });
    try {
      const album = await completedAlbum(bare, ['price_premium_lifetime']);
      const token = await joinAlbum(bare, album);
      for (const fake of await fakeVideos()) {
        expect(await codeOf(await uploadPhoto(bare, album.albumId, token, fake, 'fiesta.mp4'))).toEqual([
          415,
          'FILE_TYPE_NOT_ALLOWED',
        ]);
      }
      expect(await folders(path.join(bareDir, 'media'), album.albumId)).toEqual([]);
      for (const name of ['clip.mp4', 'clip.mov', 'clip.webm'])
        expect((await uploadPhoto(bare, album.albumId, token, await fixture(name), name)).status, name).toBe(201);
      expect(await folders(path.join(bareDir, 'media'), album.albumId)).toHaveLength(3);
    } finally {
      await bare.close();
      await fs.rm(bareDir, { recursive: true, force: true });
    }
  });
});
