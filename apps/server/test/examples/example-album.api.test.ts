import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureExampleAlbum, EXAMPLE_PHOTO_COUNT } from '../../src/modules/examples/example-album.js';
import { createGuestsRepository } from '../../src/modules/guests/guests.repository.js';
import { createAlbumsRepository } from '../../src/modules/albums/albums.repository.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;

async function exampleAlbum() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = await server.request('GET', '/api/examples/album');
    if (found.status === 200) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the example album never appeared');
}

beforeAll(async () => {
  server = await startTestServer({ env: { EXAMPLE_ALBUM: 'on' } });
});
afterAll(async () => server?.close());

describe('the home page’s example album', () => {
  it('is a real album of generated photos that guests can see through its code', async () => {
    const found = await exampleAlbum();
    const { id, albumUrl } = found.body.data as { id: string; albumUrl: string };
    const code = new URL(albumUrl, 'http://x').searchParams.get('code')!;
    expect(albumUrl).toBe(`/album/${id}?code=${code}`);

    const album = await server.request('GET', `/api/albums/code/${code}`);
    expect(album.body.data).toMatchObject({ id, name: 'Boda de Sofía y Mateo', uploadsOpen: false });
    const photos = await server.request('GET', `/api/albums/${id}/photos?pageSize=50`, {
      headers: { 'x-album-code': code },
    });
    expect(photos.body.data.totalCount).toBe(EXAMPLE_PHOTO_COUNT);
    const thumb = await fetch(server.url + photos.body.data.items[0].thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('cannot be joined or added to by visitors', async () => {
    const { id, albumUrl } = (await exampleAlbum()).body.data as { id: string; albumUrl: string };
    const code = new URL(albumUrl, 'http://x').searchParams.get('code')!;
    const joined = await server.request('POST', `/api/albums/${id}/guests`, {
      body: { name: 'Visitante', accessCode: code },
    });
    expect(joined.status).toBe(403);
  });

  it('is made once, however often the seed runs', async () => {
    const { id } = (await exampleAlbum()).body.data as { id: string };
    const db = server.app.services.database.db;
    // A second start must neither duplicate the album nor add photos to it.
    const again = await ensureExampleAlbum({
      db,
      guests: createGuestsRepository(db),
      albums: createAlbumsRepository(db),
      upload: { ingest: () => Promise.reject(new Error('must not upload')) } as never,
      stagingDir: '/nonexistent',
    });
    expect(again.id).toBe(id);
    const photos = await server.request('GET', `/api/albums/${id}/photos?pageSize=50`, {
      headers: {
        'x-album-code': new URL((await exampleAlbum()).body.data.albumUrl, 'http://x').searchParams.get('code')!,
      },
    });
    expect(photos.body.data.totalCount).toBe(EXAMPLE_PHOTO_COUNT);
  });
});
