import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { AlbumChange } from '../../src/modules/albums/index.js';
import { createDatabaseAlbumEvents } from '../../src/modules/albums/index.js';
import { completedAlbum, joinAlbum, uploadedPhoto } from '../guests/guest-factories.js';
import { openTestDatabase } from '../test-database.js';
import { startTestServer, type TestServer } from '../test-server.js';

/**
 * What the database's change notices say changed (migration 0020): every server keeps an album's
 * row and its guests' passes across uploads, so a new photo must say it changed only the content,
 * and a change to the album or a guest must still say that anything may have changed.
 */
let database: DatabaseHandle;
let server: TestServer;
const heard: { albumId: string; change: AlbumChange }[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer({ database });
  const events = await createDatabaseAlbumEvents(
    database,
    { warn: () => undefined, info: () => undefined },
    { onAlbumChanged: (albumId, change) => heard.push({ albumId, change }) },
  );
  stopListening = () => events.stop();
}, 60_000);
afterAll(async () => {
  await stopListening();
  await server.app.close();
  await database.close();
});

async function changesOf(albumId: string, write: () => Promise<unknown>) {
  heard.length = 0;
  await write();
  // PGlite delivers before the write returns; PostgreSQL's listener hears it a moment later.
  const start = Date.now();
  while (!heard.some((notice) => notice.albumId === albumId) && Date.now() - start < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  return [...new Set(heard.filter((notice) => notice.albumId === albumId).map((notice) => notice.change))];
}

describe("the database's album change notices", () => {
  it("say a guest's upload and a hidden photo changed the content, and a guest's or the event's change the album", async () => {
    const album = await completedAlbum(server);
    const token = await joinAlbum(server, album);

    let photoId = '';
    expect(
      await changesOf(album.albumId, async () => {
        photoId = (await uploadedPhoto(server, album.albumId, token, 31)).id;
      }),
    ).toEqual(['content']);
    expect(
      await changesOf(album.albumId, () =>
        database.db.execute(sql`update album_photos set status = 'hidden' where id = ${photoId}`),
      ),
    ).toEqual(['content']);
    expect(
      await changesOf(album.albumId, () =>
        database.db.execute(sql`update album_guests set name = 'Tía Rosa' where album_id = ${album.albumId}`),
      ),
    ).toEqual(['album']);
    expect(
      await changesOf(album.albumId, () =>
        database.db.execute(
          sql`update customizations set event_name = 'Boda de Ana' where id = (select customization_id from albums where id = ${album.albumId})`,
        ),
      ),
    ).toEqual(['album']);
  });
});
