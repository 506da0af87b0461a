import type { AlbumGuestRow, TicketRow } from '../../db/schema/index.js';
import type { AccessGrant } from '../auth/index.js';
import type { GuestAlbumRow } from '../albums/index.js';
import type { AlbumCodeGate } from './album-code-gate.js';
import type { TicketAccess } from './ticket-access.js';

/**
 * What a route needs from its caller, stated on the route as `config: { access: … }`:
 * - public: anyone (the URL itself may be the secret, e.g. a payment session or a cover image).
 * - anyone: anyone; a signed-in caller is recognised (a ticket opened by a host is theirs).
 * - signed-in: a host session; the service acts on the caller's own things only.
 * - agent: a help-center agent.
 * - album-owner: the signed-in owner of the album in `:id` / `:albumId`.
 * - album-owner-or-link: that owner, or a holder of a signed link to this exact path.
 * - customization-owner / order-owner: the signed-in owner of the customization / order in the path.
 * - album-code: the album's 6-digit code (`:accessCode`, or `accessCode` in the body of a join).
 * - album-reader: a guest token of the album, or its code (X-Album-Code, or `?code=` where declared).
 * - album-reader-or-link: a signed rendition URL, or an album reader.
 * - album-guest: a guest token of the album (to write).
 * - ticket: the ticket's creator (session or X-Ticket-Secret) or an agent.
 */
export type AccessNeed =
  | 'public'
  | 'anyone'
  | 'signed-in'
  | 'agent'
  | 'album-owner'
  | 'album-owner-or-link'
  | 'customization-owner'
  | 'order-owner'
  | 'album-code'
  | 'album-reader'
  | 'album-reader-or-link'
  | 'album-guest'
  | 'ticket';

/** Who the policy let in, and what it found on the way; services act on this. */
export interface Grant {
  /** The album the route names, for album needs. */
  album?: GuestAlbumRow;
  /** The caller's guest pass, when they sent a guest token. */
  guest?: AlbumGuestRow;
  /** Let in by a signed URL issued to this audience rather than by a session, token or code. */
  viaLink?: 'guest' | 'owner';
  ticket?: { row: TicketRow; as: TicketAccess };
}

/** What the policy reads to decide; features.ts wires the repositories, caches and signers. */
export interface AccessLookups {
  findUser(accessToken: string): Promise<AccessGrant | undefined>;
  album(albumId: string): Promise<GuestAlbumRow | undefined>;
  guestByToken(albumId: string, guestToken: string): Promise<AlbumGuestRow | undefined>;
  albumOfPhoto(photoId: string): Promise<string | undefined>;
  customizationOwner(customizationId: string): Promise<string | undefined>;
  orderOwner(orderId: string): Promise<string | undefined>;
  ticket(ticketId: string): Promise<TicketRow | undefined>;
  codeGate: AlbumCodeGate;
  links: { verify(path: string, exp: number | undefined, sig: string | undefined): boolean };
  renditions: {
    verify(path: string, signed: { exp?: number; sig?: string; owner?: string }): 'guest' | 'owner' | undefined;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: the access policy (access-policy.ts) decides. */
    access?: AccessNeed;
  }
  interface FastifyRequest {
    /** Set by the access policy before the handler runs. */
    access?: Grant;
  }
}

/** A guest's pass to an album, as the access policy granted it (`album-guest` routes). */
export interface GuestPass {
  album: GuestAlbumRow;
  guest: AlbumGuestRow;
}
