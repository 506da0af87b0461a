import { z } from 'zod';
import { successEnvelope } from './common.js';
// The plain limits and header names live in constants.ts, so the guest page imports them without zod.
import { COMMENT_MAX, GUEST_NAME_MAX } from './constants.js';

export const ZAccessCode = z.string().regex(/^\d{6}$/, 'The access code is 6 digits');

export const ZAlbumCodeParams = z.object({ accessCode: ZAccessCode });
export const ZAlbumIdParams = z.object({ albumId: z.uuid() });
export const ZPhotoParams = z.object({ albumId: z.uuid(), photoId: z.uuid() });
export const ZPhotoIdParams = z.object({ photoId: z.uuid() });
export const ZRenditionParams = ZPhotoParams.extend({ variant: z.enum(['thumb', 'display']) });
/** A signed rendition URL's query: expiry (seconds since epoch) and HMAC signature. */
export const ZRenditionQuery = z.object({ exp: z.coerce.number().int().optional(), sig: z.string().max(128).optional(), owner: z.literal('1').optional() });

export const ZGuestAlbum = z.object({
  id: z.uuid(),
  name: z.string(),
  /** YYYY-MM-DD, or '' when unset. */
  eventDate: z.string(),
  /** False once the plan's upload window has closed: guests may still look. */
  uploadsOpen: z.boolean(),
  /** False when the plan holds no video clips: the picker then offers photos only. */
  videosAllowed: z.boolean(),
  /** The host's chosen font (display name) for the album's name and headings. */
  fontFamily: z.string(),
});
export const ZGuestAlbumResponse = successEnvelope(ZGuestAlbum);

export const ZJoinAlbumRequest = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(GUEST_NAME_MAX),
  accessCode: ZAccessCode,
});
export const ZJoinAlbumResponse = successEnvelope(z.object({ guestToken: z.string() }));

export const ZPhotoStatus = z.enum(['approved', 'pending']);
export const ZUploadPhotoResponse = successEnvelope(z.object({ id: z.uuid(), status: ZPhotoStatus }));

export const ZPhotoListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZGuestPhoto = z.object({
  id: z.uuid(),
  /** The display rendition's URL (signed, short-lived). */
  fileName: z.string(),
  thumbnailUrl: z.string(),
  displayUrl: z.string(),
  originalName: z.string(),
  uploadedByName: z.string(),
  uploadedAt: z.string(),
  takenAt: z.string().nullable(),
  status: ZPhotoStatus,
  /** A video's `thumbnailUrl`/`displayUrl` are its poster frame (or a placeholder without ffmpeg). */
  kind: z.enum(['photo', 'video']),
  /** The video file itself (signed), null for photos. */
  videoUrl: z.string().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  likedByMe: z.boolean(),
});
export type GuestPhoto = z.infer<typeof ZGuestPhoto>;
export const ZPhotoListResponse = successEnvelope(z.object({ items: z.array(ZGuestPhoto), totalCount: z.number().int() }));

export const ZLikeResponse = successEnvelope(z.object({ liked: z.boolean(), likes: z.number().int() }));

export const ZAddCommentRequest = z.object({ text: z.string().trim().min(1, 'Write a comment').max(COMMENT_MAX) });
export const ZPhotoComment = z.object({ id: z.uuid(), authorName: z.string(), text: z.string(), createdAt: z.string() });
export const ZCommentResponse = successEnvelope(ZPhotoComment);
export const ZCommentListResponse = successEnvelope(z.array(ZPhotoComment));
