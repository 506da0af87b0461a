import { ALBUM_CODE_HEADER, ErrorCode, GUEST_TOKEN_HEADER, TICKET_SECRET_HEADER } from '@momentos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AlbumGuestRow, TicketRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import { drainRequest } from '../../platform/http/drain-request.js';
import { header } from '../../platform/http/request-header.js';
import type { AccessLookups, AccessNeed, Grant } from './access-types.js';
import type { RenditionSigner } from './rendition-urls.js';
import { albumNotFound, photoNotFound } from './not-found.js';
import type { HostLinkSigner } from './signed-links.js';
import { resolveTicketAccess, ticketNotFound } from './ticket-access.js';

const USER_NEEDS = new Set<AccessNeed>(['signed-in', 'agent', 'album-owner', 'customization-owner', 'order-owner']);
/** Routes outside these prefixes are pages and static files, public like the API's own docs. */
const API_PREFIXES = ['/api/', '/uploads/', '/sandbox/'];
const DOCS_PREFIX = '/api/docs';

const denied = () =>
  new AppError(ErrorCode.ALBUM_ACCESS_DENIED, 403, 'This guest pass or code is not valid for this album');
const tokenRequired = () =>
  new AppError(ErrorCode.GUEST_TOKEN_REQUIRED, 401, 'Join the album with its code first (X-Guest-Token)');
const wrongJoinCode = () =>
  new AppError(ErrorCode.INVALID_ACCESS_CODE, 403, 'The access code does not belong to this album');

function bearerOf(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
const field = (source: unknown, key: string) => {
  const value = (source as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The one place that decides who may call a route. Each route states its need in
 * `config.access`; a route under /api, /uploads or /sandbox without one stops the server at start.
 * Whoever is let in is recorded on the request (`request.auth`, `request.access`), so services act
 * on what was checked here and never check again. Every secret a caller can guess is rate limited
 * here: album codes through the albums module's code gate (`albumForCode`); guest tokens, session tokens and signed links are
 * 256-bit or HMAC values that cannot be walked.
 */
export function createAccessPolicy(
  lookups: AccessLookups,
  signed: { links: Pick<HostLinkSigner, 'verify'>; renditions: Pick<RenditionSigner, 'verify'> },
) {
  async function signedInUser(request: FastifyRequest) {
    if (request.auth) return request.auth;
    const token = bearerOf(request);
    request.auth = token ? await lookups.findUser(token) : undefined;
    return request.auth;
  }

  async function requireUser(request: FastifyRequest) {
    const user = await signedInUser(request);
    if (!user) throw AppError.unauthorized('Your session has expired or is not valid. Please sign in again.');
    return user;
  }

  async function albumIdOf(request: FastifyRequest) {
    const albumId = field(request.params, 'albumId') ?? field(request.params, 'id');
    if (albumId) return albumId;
    const photoId = field(request.params, 'photoId');
    const found = photoId ? await lookups.albumOfPhoto(photoId) : undefined;
    if (!found) throw photoNotFound();
    return found;
  }

  async function ownedAlbum(request: FastifyRequest, userId: string) {
    const album = await lookups.album(await albumIdOf(request));
    if (!album || album.album.userId !== userId) throw albumNotFound();
    return { album };
  }

  async function guestPass(request: FastifyRequest, albumId: string): Promise<AlbumGuestRow | undefined> {
    const token = header(request, GUEST_TOKEN_HEADER);
    if (!token) return undefined;
    const guest = await lookups.guestByToken(albumId, token);
    if (!guest) throw denied();
    return guest;
  }

  async function albumGuest(request: FastifyRequest): Promise<Grant> {
    const albumId = await albumIdOf(request);
    const album = await lookups.album(albumId);
    if (!album) throw albumNotFound();
    const guest = await guestPass(request, albumId);
    if (!guest) throw tokenRequired();
    return { album, guest };
  }

  async function albumReader(request: FastifyRequest): Promise<Grant> {
    if (header(request, GUEST_TOKEN_HEADER)) return albumGuest(request);
    const code = header(request, ALBUM_CODE_HEADER) ?? field(request.query, 'code');
    if (!code) throw tokenRequired();
    const album = await lookups.albumForCode({ code, clientIp: request.ip, albumId: await albumIdOf(request) });
    if (!album) throw denied();
    return { album };
  }

  async function albumByCode(request: FastifyRequest): Promise<Grant> {
    const pathCode = field(request.params, 'accessCode');
    if (pathCode !== undefined) {
      const album = await lookups.albumForCode({ code: pathCode, clientIp: request.ip });
      if (!album) throw albumNotFound();
      return { album };
    }
    const albumId = await albumIdOf(request);
    const album = await lookups.albumForCode({
      code: field(request.body, 'accessCode') ?? '',
      clientIp: request.ip,
      albumId,
    });
    if (!album) throw wrongJoinCode();
    return { album };
  }

  async function ticket(request: FastifyRequest): Promise<Grant> {
    const row: TicketRow | undefined = await lookups.ticket(field(request.params, 'ticketId') ?? '');
    if (!row) throw ticketNotFound();
    const viewer = { auth: await signedInUser(request), secret: header(request, TICKET_SECRET_HEADER) };
    return { ticket: { row, as: resolveTicketAccess(row, viewer) } };
  }

  /** Decides one request against its route's need; answers what the caller was let in as. */
  async function decide(request: FastifyRequest, need: AccessNeed): Promise<Grant> {
    switch (need) {
      case 'public':
        return {};
      case 'anyone':
        await signedInUser(request);
        return {};
      case 'signed-in':
        await requireUser(request);
        return {};
      case 'agent':
        if ((await requireUser(request)).role !== 'agent') throw AppError.forbidden();
        return {};
      case 'album-owner':
        return ownedAlbum(request, (await requireUser(request)).userId);
      case 'album-owner-or-link': {
        const query = request.query as { exp?: number; sig?: string } | undefined;
        if (signed.links.verify(pathOf(request), query?.exp, query?.sig)) {
          const album = await lookups.album(await albumIdOf(request));
          if (!album) throw albumNotFound();
          return { album, viaLink: 'owner' };
        }
        const user = await signedInUser(request);
        if (!user) throw AppError.unauthorized('Sign in, or ask for a fresh link');
        return ownedAlbum(request, user.userId);
      }
      case 'customization-owner': {
        const { userId } = await requireUser(request);
        if ((await lookups.customizationOwner(field(request.params, 'id') ?? '')) !== userId) {
          throw AppError.notFound('Customization not found');
        }
        return {};
      }
      case 'order-owner': {
        const { userId } = await requireUser(request);
        if ((await lookups.orderOwner(field(request.params, 'orderId') ?? '')) !== userId)
          throw AppError.notFound('Order not found');
        return {};
      }
      case 'album-code':
        return albumByCode(request);
      case 'album-reader':
        return albumReader(request);
      case 'album-reader-or-link': {
        const audience = signed.renditions.verify(pathOf(request), (request.query ?? {}) as Record<string, never>);
        if (!audience) return albumReader(request);
        const album = await lookups.album(await albumIdOf(request));
        if (!album) throw albumNotFound();
        return { album, viaLink: audience };
      }
      case 'album-guest':
        return albumGuest(request);
      case 'ticket':
        return ticket(request);
    }
  }

  return { decide };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;

/**
 * Puts the policy in front of every route: identity needs answer 401 before the body is read or
 * validated; the rest are decided once the parameters are valid. Registered before any route.
 */
export function registerAccessPolicy(app: FastifyInstance, policy: AccessPolicy) {
  app.addHook('onRoute', (route) => {
    const need = route.config?.access;
    if (need || route.url.startsWith(DOCS_PREFIX) || !API_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      return;
    throw new Error(`${String(route.method)} ${route.url} does not state who may call it (config.access)`);
  });
  const needOf = (request: FastifyRequest): AccessNeed => request.routeOptions.config.access ?? 'public';
  app.addHook('onRequest', async (request) => {
    if (USER_NEEDS.has(needOf(request))) await policy.decide(request, 'signed-in');
  });
  app.addHook('preHandler', async (request) => {
    try {
      request.access = await policy.decide(request, needOf(request));
    } catch (error) {
      // A refused upload: let the client finish sending, so it reads the answer, not a reset.
      if (request.isMultipart?.()) await drainRequest(request.raw);
      throw error;
    }
  });
}

/** What the policy granted this request; a handler only runs after it decided. */
export function grantOf(request: FastifyRequest): Grant {
  if (!request.access) throw new Error(`${request.method} ${request.url} ran without the access policy`);
  return request.access;
}

/** The album and guest pass of a route that needs `album-guest`. */
export function guestPassOf(request: FastifyRequest) {
  const { album, guest } = grantOf(request);
  if (!album || !guest) throw new Error(`${request.method} ${request.url} needs a guest pass`);
  return { album, guest };
}

/** The album of a route that needs one of the album needs. */
export function albumOf(request: FastifyRequest) {
  const { album } = grantOf(request);
  if (!album) throw new Error(`${request.method} ${request.url} names no album`);
  return album;
}
