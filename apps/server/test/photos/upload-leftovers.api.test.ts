import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { completedAlbum, joinAlbum, jpeg, patchSnapshot, uploadPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-leftovers-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Every folder and file under the album's media folder, as the disk holds them (temporary files included). */
const onDisk = async (albumId: string) =>
  (
    await fs.readdir(path.join(dataDir, 'media', 'albums', albumId), { recursive: true }).catch(() => [] as string[])
  ).sort();
const staging = async () => fs.readdir(path.join(dataDir, 'media', 'incoming')).catch(() => [] as string[]);
/** What one stored photo holds: its folder and its three files. */
const photoFiles = (id: string) => [id, `${id}/display.webp`, `${id}/original.jpg`, `${id}/thumb.webp`];

describe('uploads that are refused or already stored', () => {
  it('leave no folder behind when the album is full by the time the row would go in', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    await patchSnapshot(server, album.albumId, { photoLimit: 1 });
    const kept = await uploadPhoto(server, album.albumId, token, await jpeg(301));
    expect(kept.status).toBe(201);
    const { id } = ((await kept.json()) as { data: { id: string } }).data;
    // The limit is checked in the insert's transaction, after the renditions were written.
    const refused = await uploadPhoto(server, album.albumId, token, await jpeg(302));
    expect(refused.status).toBe(403);
    expect(await onDisk(album.albumId)).toEqual(photoFiles(id));
    expect(await staging()).toEqual([]);
  });

  it('leave no folder behind for copies of a photo sent at once, of which one is stored', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    const bytes = await jpeg(303, { width: 640, height: 480 });
    // Sent together, the copies all pass the early duplicate check and race to the insert.
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => uploadPhoto(server, album.albumId, token, bytes)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(
      await Promise.all(
        responses.map(async (response) => ((await response.json()) as { data: { id: string } }).data.id),
      ),
    );
    expect(ids.size).toBe(1);
    expect(await onDisk(album.albumId)).toEqual(photoFiles([...ids][0]!));
    // And one sent later is answered from the row without writing anything.
    expect((await uploadPhoto(server, album.albumId, token, bytes, 'otra.jpg')).status).toBe(200);
    expect(await onDisk(album.albumId)).toEqual(photoFiles([...ids][0]!));
    expect(await staging()).toEqual([]);
  });

  it('leave no album folder behind when the only upload is refused after its files were written', async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);
    // No room at all: still refused only at the insert, once the renditions were written.
    await patchSnapshot(server, album.albumId, { photoLimit: 0 });
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(304))).status).toBe(403);
    await expect(fs.stat(path.join(dataDir, 'media', 'albums', album.albumId))).rejects.toThrow(/ENOENT/);
  });
});
