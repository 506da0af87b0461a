import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepMediaLeftovers, sweepOrphanMedia } from '../../src/modules/uploads/orphan-media.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { albumWithGuestPhoto } from '../guests/guest-factories.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-sweep-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('sweep of photo files with no database row and of temporary files', () => {
  it('removes old orphan folders only, and never a stored photo or a fresh write', async () => {
    const { album, photoId } = await albumWithGuestPhoto(server, 41);
    const mediaDir = path.join(dataDir, 'media');
    const albumDir = path.join(mediaDir, 'albums', album.albumId);
    const oldOrphan = path.join(albumDir, '11111111-1111-4111-8111-111111111111');
    const freshOrphan = path.join(albumDir, '22222222-2222-4222-8222-222222222222');
    const goneAlbum = path.join(
      mediaDir,
      'albums',
      '33333333-3333-4333-8333-333333333333',
      '44444444-4444-4444-8444-444444444444',
    );
    for (const dir of [oldOrphan, freshOrphan, goneAlbum]) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'thumb.webp'), 'x');
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const target of [path.join(oldOrphan, 'thumb.webp'), oldOrphan, path.join(goneAlbum, 'thumb.webp'), goneAlbum])
      await fs.utimes(target, hourAgo, hourAgo);
    // The real photo's files are old too: its row keeps them.
    for (const name of await fs.readdir(path.join(albumDir, photoId)))
      await fs.utimes(path.join(albumDir, photoId, name), hourAgo, hourAgo);

    const { database, blobStore } = server.app.services;
    expect(await sweepOrphanMedia(database.db, blobStore)).toBe(2);
    expect((await fs.readdir(albumDir)).sort()).toEqual([photoId, '22222222-2222-4222-8222-222222222222'].sort());
    expect(await fs.readdir(path.join(mediaDir, 'albums'))).not.toContain('33333333-3333-4333-8333-333333333333');
    expect((await fs.readdir(path.join(albumDir, photoId))).sort()).toEqual([
      'display.webp',
      'original.jpg',
      'thumb.webp',
    ]);
  });

  it('also removes what a crash leaves on the disk: temporary files, folders holding only those or nothing', async () => {
    const { album, photoId } = await albumWithGuestPhoto(server, 42);
    const mediaDir = path.join(dataDir, 'media');
    const albumDir = path.join(mediaDir, 'albums', album.albumId);
    const halfWritten = path.join(albumDir, '55555555-5555-4555-8555-555555555555');
    const empty = path.join(albumDir, '66666666-6666-4666-8666-666666666666');
    const staged = path.join(mediaDir, 'incoming', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.partial');
    const freshStaged = path.join(mediaDir, 'incoming', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb.partial');
    await fs.mkdir(halfWritten, { recursive: true });
    await fs.mkdir(empty, { recursive: true });
    await fs.writeFile(path.join(halfWritten, 'thumb.webp'), 'x');
    await fs.writeFile(path.join(halfWritten, 'display.webp.0a1b2c.partial'), 'half a rendition');
    await fs.mkdir(path.dirname(staged), { recursive: true });
    await fs.writeFile(staged, 'half an upload');
    await fs.writeFile(freshStaged, 'an upload in flight');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const target of [
      path.join(halfWritten, 'thumb.webp'),
      path.join(halfWritten, 'display.webp.0a1b2c.partial'),
      halfWritten,
      empty,
      staged,
    ])
      await fs.utimes(target, hourAgo, hourAgo);
    for (const name of await fs.readdir(path.join(albumDir, photoId)))
      await fs.utimes(path.join(albumDir, photoId, name), hourAgo, hourAgo);

    const { database, blobStore } = server.app.services;
    expect(await sweepMediaLeftovers({ db: database.db, blobStore, mediaDir })).toEqual({
      orphanFolders: 2,
      partials: 1,
    });
    expect(await fs.readdir(albumDir)).toEqual([photoId]);
    expect(await fs.readdir(path.join(mediaDir, 'incoming'))).toEqual([path.basename(freshStaged)]);
    expect((await fs.readdir(path.join(albumDir, photoId))).sort()).toEqual([
      'display.webp',
      'original.jpg',
      'thumb.webp',
    ]);
  });
});
