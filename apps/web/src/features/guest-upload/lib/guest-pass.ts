import { joinAlbum } from '@/lib/join-album';
import { readGuestSession, writeGuestSession } from '@/lib/storage';
import type { QueuedFile } from '../queue/queue-store';

/**
 * The queue's way to a guest pass for an album: the one this browser holds for the file's name,
 * unless that is the pass the server just refused; otherwise it joins the album again with its
 * code. Joins at once at most: ten files refused together make one new guest, not ten.
 */
export function guestPassSource(albumId: string, accessCode: string) {
  let joining: Promise<string> | null = null;
  return async (file: QueuedFile, refusedToken?: string): Promise<string> => {
    const uploaderName = file.uploaderName ?? '';
    const session = readGuestSession(albumId);
    if (session?.guestToken && session.name === uploaderName && session.guestToken !== refusedToken)
      return session.guestToken;
    joining ??= joinAlbum(albumId, uploaderName, accessCode)
      .then((guestToken) => {
        writeGuestSession(albumId, { accessCode, guestToken, name: uploaderName });
        return guestToken;
      })
      .finally(() => {
        joining = null;
      });
    return joining;
  };
}
