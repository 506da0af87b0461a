import type { AlbumGuestRow, GuestAlbumRow, TicketRow, UserRow } from '../../db/schema/index.js';

/** A signed-in caller, as the auth module's session look-up finds them (`request.auth`). */
export interface AccessGrant {
  userId: string;
  email: string;
  sessionId: string;
  role: UserRow['role'];
  /** The rest of what `/me` answers, read with the grant so that `/me` needs no query of its own. */
  createdAt: Date;
  emailVerified: boolean;
}

/** How a ticket's viewer relates to it: its customer (the creator) or a support agent. */
export type TicketAccess = 'customer' | 'agent';

/** An album's 6-digit code, as a caller sent it. */
export interface AlbumCodeCheck {
  code: string;
  clientIp: string;
  /** The album the caller names; absent for the look-up by code, which names none. */
  albumId?: string;
}

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

/**
 * What the policy reads to decide, each look-up given by the module whose rows it reads
 * (`accessOf(app).provide(…)` in its plugin); the server does not start while one is missing.
 */
export interface AccessLookups {
  /** auth: the session a bearer token belongs to. */
  findUser(accessToken: string): Promise<AccessGrant | undefined>;
  /** albums: the album by id, as guests see it. */
  album(albumId: string): Promise<GuestAlbumRow | undefined>;
  /**
   * albums: the album a 6-digit code opens, or undefined when the code is wrong (the code gate
   * counts it). Throws 429 while the caller's budget is spent, and 404 when the named album does not exist.
   */
  albumForCode(check: AlbumCodeCheck): Promise<GuestAlbumRow | undefined>;
  /** guests: the album's guest holding this token. */
  guestByToken(albumId: string, guestToken: string): Promise<AlbumGuestRow | undefined>;
  /** album-photos: the album a photo belongs to, for routes that name only the photo. */
  albumOfPhoto(photoId: string): Promise<string | undefined>;
  /** customizations, checkout: who owns the customization / order. */
  customizationOwner(customizationId: string): Promise<string | undefined>;
  orderOwner(orderId: string): Promise<string | undefined>;
  /** help-center: the ticket. */
  ticket(ticketId: string): Promise<TicketRow | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: the access policy (access-policy.ts) decides. */
    access?: AccessNeed;
  }
  interface FastifyRequest {
    /** Set by the access policy before the handler runs. */
    access?: Grant;
    /** The signed-in caller, set by the access policy when the request carries a valid session. */
    auth?: AccessGrant;
  }
}

/** A guest's pass to an album, as the access policy granted it (`album-guest` routes). */
export interface GuestPass {
  album: GuestAlbumRow;
  guest: AlbumGuestRow;
}
