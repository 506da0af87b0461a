import { z } from 'zod';
import { successEnvelope } from './common.js';
import { ZAccessCode } from './guests.js';

/** EventSource cannot send headers, so the live stream also takes the album code in the query. */
export const ZAlbumLiveQuery = z.object({ code: ZAccessCode.optional() });

/** Server-sent events of `GET /api/albums/{albumId}/live`: `event: photo` (ALBUM_LIVE_PHOTO_EVENT, in constants.ts), `data: {"photoId": "…"}`. */
export const ZAlbumLivePhotoEvent = z.object({ photoId: z.uuid() });
/** `event: video` (ALBUM_LIVE_VIDEO_EVENT): the video's playback copy is ready or could not be made. */
export const ZAlbumLiveVideoEvent = z.object({ photoId: z.uuid() });

/** What a projector's slideshow needs around the photos: name, font and how to join. */
export const ZSlideshow = z.object({
  albumId: z.uuid(),
  name: z.string(),
  fontFamily: z.string(),
  accessCode: ZAccessCode,
  /** The guest page's full address (`{PUBLIC_URL}/guest/{code}`), the QR code's content. */
  guestLink: z.string(),
  /** An SVG of the QR code, readable by code holders (`?code=` in the URL). */
  qrUrl: z.string(),
});
export type Slideshow = z.infer<typeof ZSlideshow>;
export const ZSlideshowResponse = successEnvelope(ZSlideshow);
export type SlideshowResponse = z.infer<typeof ZSlideshowResponse>;
