import type { GuestAlbum } from '@/lib/guest-album-query';

/** The album most guest-screen tests draw: a wedding in Oaxaca, uploads open, photos only. */
export const weddingAlbum: GuestAlbum = {
  id: '6b1f0d7e-2c4a-4f7e-9a51-0f3f2b7c9d10',
  name: 'Boda de Ana y Luis',
  eventDate: '2027-06-12',
  uploadsOpen: true,
  videosAllowed: false,
  fontFamily: 'Georgia',
  coverImageUrl: null,
  location: 'Oaxaca',
  description: '',
  itinerary: [],
  music: { kind: 'none' },
  uploadsCloseAt: null,
  guestDownloads: true,
};
