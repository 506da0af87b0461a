import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanMedia } from '../../src/modules/guests/orphan-media.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { albumWithGuestPhoto } from './guest-factories.js';

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

describe('start-up sweep of photo files with no database row', () => {
  it('removes old orphan folders only, and never a stored photo or a fresh write', async () => {
    const { album, photoId } = await albumWithGuestPhoto(server, 41);
    const mediaDir = path.join(dataDir, 'media');
    const albumDir = path.join(mediaDir, 'albums', album.albumId);
    const oldOrphan = path.join(albumDir, '11111111-1111-4111-8111-111111111111');
    const freshOrphan = path.join(albumDir, '22222222-2222-4222-8222-222222222222');
    const goneAlbum = path.join(mediaDir, 'albums', '33333333-3333-4333-8333-333333333333', '44444444-4444-4444-8444-444444444444');
    for (const dir of [oldOrphan, freshOrphan, goneAlbum]) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'thumb.webp'), 'x');
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const target of [path.join(oldOrphan, 'thumb.webp'), oldOrphan, path.join(goneAlbum, 'thumb.webp'), goneAlbum]) await fs.utimes(target, hourAgo, hourAgo);
    // The real photo's files are old too: its row keeps them.
    for (const name of await fs.readdir(path.join(albumDir, photoId))) await fs.utimes(path.join(albumDir, photoId, name), hourAgo, hourAgo);

    expect(await sweepOrphanMedia(server.app.services.database.db, mediaDir)).toBe(2);
    expect((await fs.readdir(albumDir)).sort()).toEqual([photoId, '22222222-2222-4222-8222-222222222222'].sort());
    expect(await fs.readdir(path.join(mediaDir, 'albums'))).not.toContain('33333333-3333-4333-8333-333333333333');
    expect((await fs.readdir(path.join(albumDir, photoId))).sort()).toEqual(['display.webp', 'original.jpg', 'thumb.webp']);
  });
});
