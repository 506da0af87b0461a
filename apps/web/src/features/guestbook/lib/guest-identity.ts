import { joinAlbum } from '@/lib/join-album';
import { readGuestSession, writeGuestSession } from '@/lib/storage';
import { typedGuestName } from '@/lib/typed-guest-name';

/** Joins the album under `name` and remembers the pass, as the guest page does for uploads. */
export type JoinAlbum = (name: string) => Promise<string>;

export function joinAndRemember(albumId: string, accessCode: string): JoinAlbum {
  return async (name) => {
    const guestToken = await joinAlbum(albumId, name, accessCode);
    writeGuestSession(albumId, { accessCode, guestToken, name });
    return guestToken;
  };
}

/** The name the guest last typed on the page, else the one this browser joined with: a message's default signature. */
export function storedGuestName(albumId: string): string {
  return typedGuestName(albumId) || (readGuestSession(albumId)?.name ?? '');
}

/** The guest pass this browser holds for the album, read when it is needed (an upload may have just made one). */
export function storedGuestToken(albumId: string): string | undefined {
  return readGuestSession(albumId)?.guestToken;
}
