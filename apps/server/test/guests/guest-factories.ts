import { eq, sql } from 'drizzle-orm';
import type { GuestPhoto } from '@momentos/contract';
import sharp from 'sharp';
import { albums, customizations, type PackageSnapshot } from '../../src/db/schema/index.js';
import { hostWithCustomization } from '../factories.js';
import type { TestServer } from '../test-server.js';

/** A completed album of the given plan, made as a host would: required fields, then complete. */
export async function completedAlbum(server: TestServer, priceId: string[] = ['price_basic_lifetime']) {
  const host = await hostWithCustomization(server, priceId);
  const saved = await server.request('PATCH', `/api/customizations/${host.customizationId}`, {
    token: host.token,
    body: { event_name: 'Boda de Ana y Luis', event_date: '2027-06-12', event_location: 'Oaxaca' },
  });
  if (saved.status !== 200) throw new Error(`patch failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  const completed = await server.request('POST', `/api/customizations/${host.customizationId}/complete`, {
    token: host.token,
  });
  if (completed.status !== 200)
    throw new Error(`complete failed: ${completed.status} ${JSON.stringify(completed.body)}`);
  return { host, albumId: completed.body.data.albumId as string, accessCode: completed.body.data.accessCode as string };
}

export async function joinAlbum(
  server: TestServer,
  album: { albumId: string; accessCode: string },
  name = 'Tía Carmen',
) {
  const joined = await server.request('POST', `/api/albums/${album.albumId}/guests`, {
    body: { name, accessCode: album.accessCode },
  });
  if (joined.status !== 201) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  return joined.body.data.guestToken as string;
}

/** Changes the frozen plan of an album directly: tests need small limits and closed windows. */
export async function patchSnapshot(server: TestServer, albumId: string, patch: Partial<PackageSnapshot>) {
  await server.app.services.database.db
    .update(albums)
    .set({ packageSnapshot: sql`${albums.packageSnapshot} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(albums.id, albumId));
  await directWriteHeard(server);
}

/**
 * A write that bypasses the API waits, as the API's own writes do (app.ts), until this server has
 * heard the database's change notice; else a read right after may be answered from the album cache.
 */
export async function directWriteHeard(server: TestServer) {
  await server.app.services.albumEvents.settled();
}

export async function enableVerification(server: TestServer, customizationId: string) {
  await server.app.services.database.db
    .update(customizations)
    .set({ enableVerification: true })
    .where(eq(customizations.id, customizationId));
  await directWriteHeard(server);
}

/** A small distinct JPEG each call (the seed changes the colour, so the content hash differs). */
export async function jpeg(
  seed: number,
  options: {
    width?: number;
    height?: number;
    exif?: Record<string, Record<string, string>>;
    orientation?: number;
  } = {},
) {
  const image = sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  }).jpeg();
  return options.exif || options.orientation
    ? image.withMetadata({ orientation: options.orientation, exif: options.exif }).toBuffer()
    : image.toBuffer();
}

export function uploadPhoto(
  server: TestServer,
  albumId: string,
  token: string | undefined,
  bytes: Buffer,
  filename = 'foto.jpg',
  uploaderName = 'Tía Carmen',
) {
  const form = new FormData();
  form.append('uploaderName', uploaderName);
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), filename);
  return fetch(`${server.url}/api/albums/${albumId}/photos`, {
    method: 'POST',
    body: form,
    headers: token ? { 'x-guest-token': token } : {},
  });
}

/** Uploads a generated JPEG as the guest and answers the new photo's id and status; anything but 201 throws. */
export async function uploadedPhoto(server: TestServer, albumId: string, token: string, seed: number) {
  const response = await uploadPhoto(server, albumId, token, await jpeg(seed));
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { id: string; status: string } }).data;
}

/** A completed album, a guest named Ana who joined it, and one photo she uploaded. */
export async function albumWithGuestPhoto(server: TestServer, seed = 1) {
  const album = await completedAlbum(server);
  const token = await joinAlbum(server, album, 'Ana');
  const uploaded = (await (await uploadPhoto(server, album.albumId, token, await jpeg(seed))).json()) as {
    data: { id: string };
  };
  return { album, token, photoId: uploaded.data.id };
}

/**
 * The album's videos as the guest lists them, once none is processing any more: their playback
 * copies are made by the server's background worker, after the upload has answered.
 */
export async function settledVideos(server: TestServer, albumId: string, token: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request('GET', `/api/albums/${albumId}/photos?pageSize=100`, {
      headers: { 'x-guest-token': token },
    });
    const items = (response.body.data.items as GuestPhoto[]).filter((item) => item.kind === 'video');
    if (items.every((item) => item.playback?.state !== 'processing')) return items;
    if (Date.now() > deadline) throw new Error(`videos still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
