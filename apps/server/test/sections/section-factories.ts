import type { TestServer } from '../test-server.js';

type Host = { token: string };

export const createSection = (server: TestServer, albumId: string, host: Host, name: string) =>
  server.request('POST', `/api/events/${albumId}/sections`, { token: host.token, body: { name } });

export const updateSection = (
  server: TestServer,
  albumId: string,
  host: Host,
  sectionId: string,
  body: { name?: string; position?: number },
) => server.request('PATCH', `/api/events/${albumId}/sections/${sectionId}`, { token: host.token, body });

export const deleteSection = (server: TestServer, albumId: string, host: Host, sectionId: string) =>
  server.request('DELETE', `/api/events/${albumId}/sections/${sectionId}`, { token: host.token });

/** The sections as a guest lists them (X-Guest-Token). */
export async function guestSections(server: TestServer, albumId: string, guestToken: string) {
  const listed = await server.request('GET', `/api/albums/${albumId}/sections`, {
    headers: { 'x-guest-token': guestToken },
  });
  if (listed.status !== 200) throw new Error(`sections failed: ${listed.status} ${JSON.stringify(listed.body)}`);
  return listed.body.data as { items: { id: string; name: string; position: number }[]; limit: number };
}

/** Uploads a JPEG as the guest into a section (multipart field "sectionId"). */
export function uploadInto(
  server: TestServer,
  albumId: string,
  token: string,
  bytes: Buffer,
  sectionId: string | undefined,
  fieldsFirst = true,
) {
  const form = new FormData();
  const section = () => sectionId !== undefined && form.append('sectionId', sectionId);
  if (fieldsFirst) section();
  form.append('uploaderName', 'Tía Carmen');
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  if (!fieldsFirst) section();
  return fetch(`${server.url}/api/albums/${albumId}/photos`, {
    method: 'POST',
    body: form,
    headers: { 'x-guest-token': token },
  });
}

/** The guest's photo list, of one section when `sectionId` is given. */
export async function guestPhotos(server: TestServer, albumId: string, token: string, sectionId?: string) {
  const query = sectionId ? `?section=${sectionId}` : '';
  const listed = await server.request('GET', `/api/albums/${albumId}/photos${query}`, {
    headers: { 'x-guest-token': token },
  });
  if (listed.status !== 200) throw new Error(`photos failed: ${listed.status} ${JSON.stringify(listed.body)}`);
  return listed.body.data as {
    items: { id: string; sectionId: string | null; displayUrl: string }[];
    totalCount: number;
  };
}

/** The owner's photo list, of one section when `sectionId` is given. */
export async function ownerPhotos(server: TestServer, albumId: string, host: Host, sectionId?: string) {
  const query = sectionId ? `?section=${sectionId}` : '';
  const listed = await server.request('GET', `/api/events/photos/${albumId}${query}`, { token: host.token });
  if (listed.status !== 200) throw new Error(`owner photos failed: ${listed.status} ${JSON.stringify(listed.body)}`);
  return listed.body.data as {
    items: { id: string; sectionId: string | null; originalUrl: string }[];
    totalCount: number;
  };
}
