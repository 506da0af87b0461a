import { coverAddressProblem, type GuestAlbum, type GuestMusic } from '@momentos/contract';
import { uploadsOpen } from './upload-window.js';
import type { GuestAlbumRow } from '../../db/schema/index.js';

const AUDIO_FILE = /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)$/i;

/**
 * What the host's music field holds, as guests get it: a streaming service's page can only be
 * linked to, an audio file can play in the page, and anything that is not a web address is the
 * style the host described in words (the wizard's "musicStyle"). An http:// file saved before such
 * addresses were refused is a link: the pages' CSP would block it in the player, not as a page to open.
 */
export function musicOf(value: string): GuestMusic {
  const text = value.trim();
  if (!text) return { kind: 'none' };
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { kind: 'text', text };
  return { kind: url.protocol === 'https:' && AUDIO_FILE.test(url.pathname) ? 'audio' : 'link', url: url.href };
}

/** The album as every guest screen shows it: the host's design, and what guests may do. */
export function guestAlbumView(found: GuestAlbumRow): GuestAlbum {
  const snapshot = found.album.packageSnapshot;
  return {
    id: found.album.id,
    name: found.eventName,
    eventDate: found.eventDate ?? '',
    uploadsOpen: uploadsOpen(snapshot),
    videosAllowed: snapshot.videoLimit !== 0,
    fontFamily: found.fontType || 'Arial',
    // A cover saved over http before such addresses were refused would only show as a broken image.
    coverImageUrl: found.coverImageUrl && !coverAddressProblem(found.coverImageUrl) ? found.coverImageUrl : null,
    location: found.eventLocation,
    description: found.eventDescription,
    itinerary: found.itinerary.map(({ id, icon, time, title, description, location }) => ({
      id,
      icon,
      time,
      title,
      description,
      location,
    })),
    music: musicOf(found.musicUrl),
    uploadsCloseAt: snapshot.validUntil,
    guestDownloads: found.enableGuestDownloads,
  };
}
