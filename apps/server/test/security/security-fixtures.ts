import { completedAlbum, joinAlbum, jpeg, patchSnapshot, uploadPhoto } from '../guests/guest-factories.js';
import type { TestServer } from '../test-server.js';

/** A host with a finished album, a guest, a photo with a comment, a help ticket and an itinerary entry. */
export async function ownerFixture(server: TestServer) {
  const album = await completedAlbum(server);
  const guestToken = await joinAlbum(server, album, 'Invitada Secreta');
  const uploaded = (await (await uploadPhoto(server, album.albumId, guestToken, await jpeg(901))).json()) as {
    data: { id: string };
  };
  const photoId = uploaded.data.id;
  const comment = await server.request('POST', `/api/photos/${photoId}/comments`, {
    body: { text: 'comentario privado' },
    headers: { 'x-guest-token': guestToken },
  });
  const ticket = await server.request('POST', '/api/tickets', {
    token: album.host.token,
    body: { subject: 'ayuda', description: 'mensaje privado', category: 'general', metadata: { source: 'web' } },
  });
  // A guestbook message signed with the guest's secret name: no stranger may read it.
  const message = await server.request('POST', `/api/albums/${album.albumId}/messages`, {
    body: { text: 'mensaje del libro' },
    headers: { 'x-guest-token': guestToken },
  });
  // A section, so the owner's section routes name one that exists (Basic has none: its limit is raised).
  await patchSnapshot(server, album.albumId, { sectionLimit: 3 });
  const section = await server.request('POST', `/api/events/${album.albumId}/sections`, {
    token: album.host.token,
    body: { name: 'Ceremonia' },
  });
  const entry = await server.request('POST', `/api/customizations/${album.host.customizationId}/itinerary`, {
    token: album.host.token,
    body: { icono: 'Church', hora: '17:00', titulo: 'Ceremonia' },
  });
  return {
    ...album,
    guestToken,
    photoId,
    commentId: (comment.body?.data?.id as string | undefined) ?? crypto.randomUUID(),
    ticketId: (ticket.body?.data?.id as string | undefined) ?? crypto.randomUUID(),
    entryId: (entry.body?.data?.id as string | undefined) ?? crypto.randomUUID(),
    messageId: (message.body?.data?.id as string | undefined) ?? crypto.randomUUID(),
    sectionId: (section.body?.data?.id as string | undefined) ?? crypto.randomUUID(),
  };
}

export type OwnerFixture = Awaited<ReturnType<typeof ownerFixture>>;

/** The owner's ids put into a route's path parameters. */
export function pathFor(owner: OwnerFixture, url: string): string {
  const values: Record<string, string> = {
    albumId: owner.albumId,
    photoId: owner.photoId,
    commentId: owner.commentId,
    orderId: owner.host.orderId,
    entryId: owner.entryId,
    messageId: owner.messageId,
    sectionId: owner.sectionId,
    ticketId: owner.ticketId,
    accessCode: owner.accessCode,
    variant: 'thumb',
    // A selection download's path names its ids by their SHA-256 (selection-token.ts).
    digest: 'a'.repeat(43),
    format: 'png',
    // `:id` is a customization under /customizations and an album (event) elsewhere.
    id: url.startsWith('/api/customizations') ? owner.host.customizationId : owner.albumId,
  };
  return url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? crypto.randomUUID());
}
