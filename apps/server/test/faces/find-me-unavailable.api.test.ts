import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { selfie } from './face-samples.js';

// A stripped install: the face models are not where the server looks. "Find me" says it is
// unavailable and the rest of the album works as before.
let server: TestServer;
let emptyModels: string;
beforeAll(async () => {
  emptyModels = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-no-models-'));
  server = await startTestServer({ env: { FACE_MODELS_DIR: emptyModels } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(emptyModels, { recursive: true, force: true });
});

describe('Find me without its models', () => {
  it('reports itself unavailable, refuses searches with 503, and leaves uploads and the switch alone', async () => {
    const album = await completedAlbum(server, ['price_elite_lifetime']);
    const token = await joinAlbum(server, album);
    const saved = await server.request('PATCH', `/api/customizations/${album.host.customizationId}`, {
      token: album.host.token,
      body: { enable_face_search: true },
    });
    expect(saved.body.data.savedFields).toEqual(['enable_face_search']);
    expect((await uploadPhoto(server, album.albumId, token, await jpeg(3))).status).toBe(201);

    const progress = await server.request('GET', `/api/events/${album.albumId}/faces`, { token: album.host.token });
    expect(progress.body.data).toEqual({ enabled: true, available: false, indexed: 0, total: 1, faces: 0 });
    const form = new FormData();
    form.append('selfie', new Blob([new Uint8Array(await selfie())], { type: 'image/jpeg' }), 'selfie.jpg');
    const search = await fetch(`${server.url}/api/albums/${album.albumId}/faces/search`, {
      method: 'POST',
      body: form,
      headers: { 'x-guest-token': token },
    });
    expect(search.status).toBe(503);
    expect(((await search.json()) as { code: string }).code).toBe('FACE_SEARCH_UNAVAILABLE');
    const photos = await server.request('GET', `/api/albums/${album.albumId}/photos`, {
      headers: { 'x-guest-token': token },
    });
    expect(photos.body.data.totalCount).toBe(1);
  });
});
