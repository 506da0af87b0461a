import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../factories.js';
import { completedAlbum, joinAlbum } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { ROUTE_ACCESS, type Access } from './route-access.js';
import { ownerFixture, pathFor, type OwnerFixture } from './security-fixtures.js';

/**
 * Written against the access policy (modules/access/access-policy.ts): every route states its need,
 * the need must be the reviewed one in route-access.ts, and each route is called by the callers its
 * need must refuse (nobody, another host, a guest of another album, a host where agents are
 * required). Each must answer 401, 403 or 404 and carry none of the owner's data.
 */
let server: TestServer;
let owner: OwnerFixture;
let otherHost: { token: string };
let otherGuest: { token: string; code: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await ownerFixture(server);
  const host = await registerUser(server);
  otherHost = { token: host.session.access_token };
  const other = await completedAlbum(server);
  otherGuest = { token: await joinAlbum(server, other), code: other.accessCode };
});
afterAll(async () => server?.close());

/** A valid body where a route has one, so refusals come from who asks, not from validation. */
function bodyFor(route: string): unknown {
  const itineraryEntry = { icono: 'Church', hora: '17:00', titulo: 'Intrusión' };
  const bodies: Record<string, unknown> = {
    'POST /api/customizations/:id/itinerary': itineraryEntry,
    'PUT /api/customizations/:id/itinerary/:entryId': itineraryEntry,
    'PUT /api/customizations/:id/itinerary/order': { ids: [owner.entryId] },
    // Joining needs the album's own code: a stranger only has another album's.
    'POST /api/albums/:albumId/guests': { name: 'Intruso', accessCode: otherGuest.code },
    'POST /api/albums/:albumId/photos/:photoId/comments': { text: 'hola' },
    'POST /api/photos/:photoId/comments': { text: 'hola' },
    'POST /api/albums/:albumId/messages': { text: 'hola' },
    'PATCH /api/events/:id/messages/:messageId': { hidden: true },
    'POST /api/events/:id/sections': { name: 'Intrusa' },
    'PATCH /api/events/:id/sections/:sectionId': { name: 'Intrusa' },
    'PATCH /api/tickets/:ticketId': { status: 'closed' },
    'POST /api/events/:id/photos/:photoId/moderation': { action: 'hide' },
    'POST /api/events/:id/photos/batch': { action: 'delete', photoIds: [owner.photoId] },
    'POST /api/events/:id/selection-link': { photoIds: [owner.photoId] },
    'POST /api/events/:id/addons/checkout': {
      addon: 'album_download',
      successUrl: 'http://momentos.test/a',
      cancelUrl: 'http://momentos.test/b',
    },
    'POST /api/tickets/:ticketId/conversations': { message: 'hola', message_type: 'message' },
  };
  return bodies[route] ?? {};
}

/** Protocol headers a route needs before it looks at who asks (tus, for resumable uploads). */
function protocolHeaders(route: string): Record<string, string> {
  if (!route.includes('/uploads')) return {};
  const tus = { 'tus-resumable': '1.0.0' };
  if (route.startsWith('POST')) return { ...tus, 'upload-length': '10', 'upload-metadata': 'filename Zm90by5qcGc=' };
  if (route.startsWith('PATCH'))
    return { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
  return tus;
}

type Caller = 'anonymous' | 'other host' | 'other album guest' | 'host (not agent)';
const REFUSED = [401, 403, 404];
const STRANGERS: Caller[] = ['anonymous', 'other album guest', 'other host'];
const CALLERS: Record<Access, Caller[]> = {
  public: [],
  anyone: [],
  'signed-in': ['anonymous'],
  agent: ['anonymous', 'host (not agent)'],
  'album-owner': ['anonymous', 'other host'],
  'album-owner-or-link': ['anonymous', 'other host'],
  'customization-owner': ['anonymous', 'other host'],
  'order-owner': ['anonymous', 'other host'],
  // The look-up by code has the secret in its path: album-code-guessing.api.test.ts covers it.
  'album-code': STRANGERS,
  'album-reader': STRANGERS,
  'album-reader-or-link': STRANGERS,
  'album-guest': STRANGERS,
  ticket: ['anonymous', 'other host'],
};

function headersOf(caller: Caller): Record<string, string> {
  switch (caller) {
    case 'anonymous':
      return {};
    case 'other host':
      return { authorization: `Bearer ${otherHost.token}` };
    case 'other album guest':
      return { 'x-guest-token': otherGuest.token, 'x-album-code': otherGuest.code };
    case 'host (not agent)':
      return { authorization: `Bearer ${owner.host.token}` };
  }
}

describe('authorization matrix', () => {
  it('finds every route stating the reviewed need', () => {
    const stated = Object.fromEntries(
      server.app.routeTable.map((route) => [`${route.method} ${route.url}`, route.access ?? 'public']),
    );
    expect(stated).toEqual(ROUTE_ACCESS);
  });

  it('stops the server at start when an API route does not state who may call it', async () => {
    const start = startTestServer({
      beforeListen: async (app) => {
        app.get('/api/unstated', async () => ({ secret: 'no one decided' }));
      },
    });
    await expect(start).rejects.toThrow('GET /api/unstated does not state who may call it');
  });

  it('refuses every protected route to callers who hold no right to it, leaking nothing', async () => {
    const secrets = [
      owner.accessCode,
      owner.host.email,
      owner.guestToken,
      'Invitada Secreta',
      'comentario privado',
      'mensaje privado',
    ];
    const failures: string[] = [];
    for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
      const [method, url] = route.split(' ') as [string, string];
      if (url.includes(':accessCode')) continue;
      for (const caller of CALLERS[access]) {
        // A tus creation (POST …/uploads) carries no body, only its length in a header.
        const hasBody = !['GET', 'DELETE'].includes(method) && route !== 'POST /api/albums/:albumId/uploads';
        const response = await fetch(server.url + pathFor(owner, url), {
          method,
          headers: {
            ...headersOf(caller),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...protocolHeaders(route),
          },
          body: hasBody ? (route.includes('/uploads') ? 'xxxxxxxxxx' : JSON.stringify(bodyFor(route))) : undefined,
        });
        const text = await response.text();
        if (!REFUSED.includes(response.status))
          failures.push(`${route} as ${caller}: ${response.status} ${text.slice(0, 120)}`);
        const leaked = secrets.filter((secret) => text.includes(secret));
        if (leaked.length > 0) failures.push(`${route} as ${caller} leaked ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the owner through the same routes, so the refusals above are about who asks', async () => {
    const photos = await server.request('GET', `/api/albums/${owner.albumId}/photos`, {
      headers: { 'x-guest-token': owner.guestToken },
    });
    expect(photos.status).toBe(200);
    const customization = await server.request('GET', `/api/customizations/${owner.host.customizationId}`, {
      token: owner.host.token,
    });
    expect(customization.status).toBe(200);
    const order = await server.request('GET', `/api/orders/${owner.host.orderId}`, { token: owner.host.token });
    expect(order.status).toBe(200);
  });
});
