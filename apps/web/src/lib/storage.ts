/** Every localStorage key the web client uses, in one place so none collide. */
export const StorageKeys = {
  session: 'momentos.session',
  language: 'momentos.language',
  trackingSessionId: 'momentos.trackingSessionId',
  /** The visitor's help-center ticket: its id and, for a visitor without an account, its secret. */
  helpCenterTicket: 'momentos.helpCenter.ticket',
  trackingQueue: 'momentos.trackingQueue',
  geo: 'momentos.geo',
  initialFormSent: 'momentos.initialFormSent',
} as const;

// Storage can throw (private mode, disabled cookies); the app must keep working without it.
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

/** What a guest's browser keeps per album: the code it was opened with and, once joined, the token and name. */
export interface GuestAlbumSession {
  accessCode: string;
  guestToken?: string;
  name?: string;
}

const guestSessionKey = (albumId: string) => `momentos.guest.${albumId}`;

export function readGuestSession(albumId: string): GuestAlbumSession | null {
  try {
    const parsed = JSON.parse(readStorage(guestSessionKey(albumId)) ?? 'null') as GuestAlbumSession | null;
    return parsed && typeof parsed.accessCode === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The joined session this browser opened with `accessCode`, whichever album it was: a saved link outlives a code change. */
export function findJoinedSessionByCode(accessCode: string): { albumId: string; session: GuestAlbumSession } | null {
  try {
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index) ?? '';
      if (!key.startsWith(guestSessionKey(''))) continue;
      const albumId = key.slice(guestSessionKey('').length);
      const session = readGuestSession(albumId);
      if (session?.accessCode === accessCode && session.guestToken) return { albumId, session };
    }
  } catch {
    // Storage unavailable: nothing was saved.
  }
  return null;
}

export function writeGuestSession(albumId: string, session: GuestAlbumSession): void {
  writeStorage(guestSessionKey(albumId), JSON.stringify(session));
}

// Not under guestSessionKey: findJoinedSessionByCode reads every key with that prefix as a session.
const guestSectionKey = (albumId: string) => `momentos.guestSection.${albumId}`;

/** The album section the guest last chose on the guest page (null: the main part), so coming back keeps it. */
export function readGuestSection(albumId: string): string | null {
  return readStorage(guestSectionKey(albumId)) || null;
}

export function writeGuestSection(albumId: string, sectionId: string | null): void {
  if (sectionId) writeStorage(guestSectionKey(albumId), sectionId);
  else removeStorage(guestSectionKey(albumId));
}
