import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from '../../../../e2e/support/album-fixture.js';
import { startProductServer, type ProductServer } from '../../../../e2e/support/product-server.js';
import { freshTestDatabaseUrl, seedDataDir } from '../test-database.js';

/**
 * The server process is killed (SIGKILL) while twenty photos and videos are uploading, which leaves
 * staged `.partial` files and photo folders with no row on the disk. Restarted, the server's
 * periodic sweep removes every one of them once it is older than an upload in flight could be,
 * and keeps every stored photo. The figures go to the test's output as annotations.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-leftovers-crash-'));
const mediaDir = path.join(dataDir, 'media');
const servers: ProductServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A valid MP4 of `megabytes` MB: the test clip with a `free` box of the seed's bytes at its end. */
function paddedClip(seed: number, megabytes: number) {
  const free = Buffer.alloc(megabytes * 1024 * 1024, seed);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/clip.mp4')), free]);
}

/** Files and folders in the media directory that belong to no stored photo, with their bytes. */
function leftovers(storedIds: Set<string>) {
  const found = { files: 0, staged: 0, folders: 0, bytes: 0, paths: [] as string[] };
  for (const entry of fs.readdirSync(mediaDir, { recursive: true }) as string[]) {
    const [top, , photo] = entry.split(path.sep);
    const depth = entry.split(path.sep).length;
    // The store's own folders (albums/, incoming/, an album's folder) are not leftovers.
    if (
      depth === 1 ||
      (top === 'albums' && depth === 2) ||
      (photo && storedIds.has(photo) && !entry.endsWith('.partial'))
    )
      continue;
    const stat = fs.statSync(path.join(mediaDir, entry), { throwIfNoEntry: false });
    if (!stat) continue;
    found.paths.push(entry);
    if (stat.isDirectory()) found.folders++;
    else {
      found.files++;
      found.bytes += stat.size;
      if (top === 'incoming') found.staged++;
    }
  }
  return found;
}

const describeLeft = ({ files, staged, folders, bytes }: ReturnType<typeof leftovers>) =>
  `${files} files (${staged} staged uploads, ${files - staged} in photo folders; ${(bytes / 1024 / 1024).toFixed(1)} MB) and ${folders} photo folders with no row`;

describe('a server killed during uploads', () => {
  it('sweeps the staged files and row-less photo folders the kill left, once old enough, and keeps every stored photo', async ({
    annotate,
  }) => {
    // In the default reporter's output (stderr of the test) and as annotations in the JSON report.
    const report = async (line: string) => {
      console.warn(`crash leftovers: ${line}`);
      await annotate(line);
    };
    const env: Record<string, string> = {
      WEB_DIST_DIR: '',
      NODE_ENV: 'production',
      MEDIA_URL_SECRET: 'leftovers-test-signing-key-0123456789abc',
      MEDIA_SWEEP_MS: '300',
    };
    const url = await freshTestDatabaseUrl();
    if (url) env.DATABASE_URL = url;
    seedDataDir(dataDir);
    const first = await startProductServer(env, dataDir);
    servers.push(first);
    const album = await finishedAlbum(first.url, 'premium');
    const token = await joinAsGuest(album);
    const files = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 5 === 4 ? paddedClip(index, 12) : sampleJpeg(800 + index, 2400, 1600),
      ),
    );

    const acknowledged: string[] = [];
    const uploads = files.map((bytes, index) =>
      uploadAsGuest(album, token, bytes, index % 5 === 4 ? `video-${index}.mp4` : `foto-${index}.jpg`).then(
        ({ id }) => void acknowledged.push(id),
        () => undefined,
      ),
    );
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await first.kill();
    await Promise.all(uploads);
    expect(acknowledged.length).toBeLessThan(20);

    const second = await startProductServer(env, dataDir);
    servers.push(second);
    const listed = (await (
      await fetch(`${second.url}/api/albums/${album.albumId}/photos?pageSize=100`, {
        headers: { 'x-album-code': album.accessCode },
      })
    ).json()) as {
      data: { items: { id: string; thumbnailUrl: string; displayUrl: string }[] };
    };
    const stored = new Set(listed.data.items.map((item) => item.id));
    expect([...stored]).toEqual(expect.arrayContaining(acknowledged));

    // The restart's own sweep and the periodic one leave them: they are younger than any upload could take.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const afterKill = leftovers(stored);
    await report(
      `after the kill (${acknowledged.length} of 20 acknowledged, ${stored.size} stored): ${describeLeft(afterKill)} left`,
    );
    expect(afterKill.files, `the kill landed mid-upload: ${afterKill.paths.join(', ')}`).toBeGreaterThan(0);

    // Two hours on: every file and folder, the stored photos' too, is now as old as a crash's leftovers get.
    // Aged again every 2 s, as time goes on: a sweep in flight while they were first aged removes a
    // staged file from a photo folder it had found young, which makes the emptied folder young again
    // (the next hour's sweep takes it; here the next ageing does).
    const ageEverything = () => {
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      for (const entry of fs.readdirSync(mediaDir, { recursive: true }) as string[]) {
        try {
          fs.utimesSync(path.join(mediaDir, entry), twoHoursAgo, twoHoursAgo);
        } catch (error) {
          // Swept between the listing and here: gone is what the test waits for.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    };
    ageEverything();
    const sweptBy = Date.now() + 20_000;
    for (let tick = 1; leftovers(stored).paths.length > 0 && Date.now() < sweptBy; tick++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (tick % 10 === 0) ageEverything();
    }
    const afterSweep = leftovers(stored);
    await report(`after the periodic sweep: ${describeLeft(afterSweep)} left`);
    expect(afterSweep.paths).toEqual([]);

    const albumDir = path.join(mediaDir, 'albums', album.albumId);
    expect(fs.readdirSync(albumDir).sort()).toEqual([...stored].sort());
    for (const item of listed.data.items) {
      expect(fs.readdirSync(path.join(albumDir, item.id)).filter((name) => name.startsWith('original')).length).toBe(1);
      for (const rendition of [item.thumbnailUrl, item.displayUrl])
        expect((await fetch(second.url + rendition)).status).toBe(200);
    }
  }, 180_000);
});
