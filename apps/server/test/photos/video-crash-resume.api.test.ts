import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { openStream } from '../support/event-stream.js';
import { freshTestDatabaseUrl, seedDataDir } from '../test-database.js';

let dir: string;
let clip: Buffer;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-crash-'));
  // Long enough at 1080p that the copy takes seconds, so the kill lands in the middle of it.
  const file = path.join(dir, 'boda.mov');
  // Not execFileSync: a worker that blocks this long misses vitest's 60 s RPC deadline on a busy machine.
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=12'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', file],
  ]);
  clip = fs.readFileSync(file);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The ffmpeg processes making a playback copy for the server whose data directory is `dataDir`. */
function transcodes(dataDir: string): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      return []; // The process ended while the list was read.
    }
    return command.includes(dataDir) && command.includes('playback-') ? [Number(entry)] : [];
  });
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('a server killed in the middle of a copy finishes it after its restart, once', async () => {
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  seedDataDir(dataDir);
  const databaseUrl = await freshTestDatabaseUrl();
  const env = {
    WEB_DIST_DIR: '',
    // A killed server's lease lapses in two seconds instead of a minute.
    MEDIA_JOB_LEASE_SECONDS: '2',
    MEDIA_JOB_POLL_MS: '250',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  };
  let server: ProductServer = await startProductServer(env, dataDir);
  try {
    const album = await finishedAlbum(server.url, 'premium');
    const token = await joinAsGuest(album);
    const { id } = await uploadAsGuest(album, token, clip, 'boda.mov');
    const [ffmpeg] = await until('ffmpeg to start', () => {
      const running = transcodes(dataDir);
      return running.length > 0 ? running : undefined;
    });
    await server.kill();
    // ffmpeg dies with its server instead of running on unowned.
    await until('the orphaned ffmpeg to end', () => !fs.existsSync(`/proc/${ffmpeg}`) || undefined, 5_000);

    server = await startProductServer(env, dataDir);
    const stream = await openStream(server.url, album.albumId, `?code=${album.accessCode}`);
    const listed = async () => {
      const response = await fetch(`${server.url}/api/albums/${album.albumId}/photos`, {
        headers: { 'x-guest-token': token },
      });
      const { data } = (await response.json()) as { data: { items: { id: string; playback: { state: string } }[] } };
      return data.items.find((item) => item.id === id)!;
    };
    const video = await until('the copy', async () => {
      const item = await listed();
      return item.playback.state === 'processing' ? undefined : item;
    });
    expect(video.playback.state).toBe('ready');
    // Past another lease: a second run would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(transcodes(dataDir)).toEqual([]);
    expect([...stream.text().matchAll(/event: video\ndata: (.*)\n/g)].map((match) => match[1])).toEqual([
      JSON.stringify({ photoId: id }),
    ]);
    await stream.close();
    // One copy (and the guests' copy of the original) beside the original and its renditions, and
    // nothing left of the killed attempt.
    const folder = path.join(dataDir, 'media', 'albums', album.albumId, id);
    expect(fs.readdirSync(folder).sort()).toEqual([
      'display.webp',
      'guest-original.mov',
      'original.mov',
      'playback.mp4',
      'thumb.webp',
    ]);
    const staging = path.join(dataDir, 'media', 'incoming');
    expect(fs.readdirSync(staging).filter((name) => name.startsWith('playback-') || name.startsWith('guest-'))).toEqual(
      [],
    );
  } finally {
    await server.stop();
  }
}, 180_000);
