import { z } from 'zod';
import { successEnvelope, ZMultiLineText, ZPageNumber, ZSingleLineText } from './common.js';
// The plain limits and header names live in constants.ts, so the guest page imports them without zod.
import { COMMENT_MAX, GUEST_NAME_MAX, GUEST_STATUSES } from './constants.js';
import { cleanFileName } from './file-names.js';
import { ZSectionFilter } from './sections.js';
import { ZVideoPlayback } from './video-playback.js';

export const ZAccessCode = z.string().regex(/^\d{6}$/, 'The access code is 6 digits');

export const ZAlbumCodeParams = z.object({ accessCode: ZAccessCode });
export const ZAlbumIdParams = z.object({ albumId: z.uuid() });
export const ZPhotoParams = z.object({ albumId: z.uuid(), photoId: z.uuid() });
export const ZPhotoIdParams = z.object({ photoId: z.uuid() });
export const ZRenditionParams = ZPhotoParams.extend({ variant: z.enum(['thumb', 'display']) });
/** A signed rendition URL's query: expiry (seconds since epoch) and HMAC signature. */
export const ZRenditionQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: ZSingleLineText.max(128).optional(),
  owner: z.literal('1').optional(),
  /** `jpeg` on a display URL: the same copy as a JPEG file to keep (403 when the host switched guest downloads off). */
  format: z.literal('jpeg').optional(),
});

/** One moment of the event's itinerary as guests see it. */
export const ZGuestItineraryEntry = z.object({
  id: z.uuid(),
  icon: z.string(),
  /** HH:MM */
  time: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
});

/**
 * The album's music: a link to a streaming service (shown as a link), an audio file (played in the
 * page when the guest taps play; browsers block sound that starts by itself), or free text naming a
 * style (shown as text).
 */
export const ZGuestMusic = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('link'), url: z.string() }),
  z.object({ kind: z.literal('audio'), url: z.string() }),
  z.object({ kind: z.literal('text'), text: z.string() }),
]);
export type GuestMusic = z.infer<typeof ZGuestMusic>;

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
  /** What guests see of the host's design (PRODUCT.md, "What guests see of the host's work"). */
  coverImageUrl: z.string().nullable(),
  location: z.string(),
  /** The host's welcome text (the event description); line breaks kept. */
  description: z.string(),
  itinerary: z.array(ZGuestItineraryEntry),
  music: ZGuestMusic,
  /** When uploads close (ISO timestamp, end of the day the plan's duration after the event); null: never. */
  uploadsCloseAt: z.string().nullable(),
  /** Whether guests may download and share the copies they see (the host can switch it off). */
  guestDownloads: z.boolean(),
});
export type GuestAlbum = z.infer<typeof ZGuestAlbum>;
export const ZGuestAlbumResponse = successEnvelope(ZGuestAlbum);

export const ZJoinAlbumRequest = z.object({
  name: ZSingleLineText.trim().min(1, 'Enter your name').max(GUEST_NAME_MAX),
  accessCode: ZAccessCode,
});
export const ZJoinAlbumResponse = successEnvelope(z.object({ guestToken: z.string() }));

/** The album's current code, for a guest who joined before the hosts changed it (the pass still holds). */
export const ZGuestAccessCodeResponse = successEnvelope(z.object({ accessCode: ZAccessCode }));

/** What the uploader is told of a photo (constants.ts, guestStatusOf). */
export const ZPhotoStatus = z.enum(GUEST_STATUSES);
export const ZUploadPhotoResponse = successEnvelope(z.object({ id: z.uuid(), status: ZPhotoStatus }));

/**
 * The texts that come with an uploaded file (multipart fields and the file part's name, or tus
 * Upload-Metadata), under the rules of every text field. Their lengths are the upload service's.
 * The file name comes out cleaned (file-names.ts): never stored or shown with a bidi override.
 */
export const ZUploadTexts = z.object({
  filename: ZSingleLineText.transform(cleanFileName),
  uploaderName: ZSingleLineText.optional(),
  filetype: ZSingleLineText.optional(),
  /** The section to upload into (sections.ts); the album's main part when absent. */
  sectionId: z.uuid().optional(),
});

export const ZPhotoListQuery = z.object({
  page: ZPageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** `?section=`: only the photos of one section, or of the main part with `main` (sections.ts). */
  ...ZSectionFilter.shape,
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
  /**
   * What a video element plays (signed): the playback copy once it is ready; the original when no
   * copy could be made; null while the copy is processing, and for photos.
   */
  videoUrl: z.string().nullable(),
  /** A video's playback copy; null for photos. */
  playback: ZVideoPlayback.nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  likedByMe: z.boolean(),
  /** The photo's section; null: the album's main part. */
  sectionId: z.uuid().nullable(),
});
export type GuestPhoto = z.infer<typeof ZGuestPhoto>;
export const ZPhotoListResponse = successEnvelope(
  z.object({ items: z.array(ZGuestPhoto), totalCount: z.number().int() }),
);

export const ZLikeResponse = successEnvelope(z.object({ liked: z.boolean(), likes: z.number().int() }));

export const ZAddCommentRequest = z.object({ text: ZMultiLineText.trim().min(1, 'Write a comment').max(COMMENT_MAX) });
export const ZPhotoComment = z.object({
  id: z.uuid(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const ZCommentResponse = successEnvelope(ZPhotoComment);
export type PhotoComment = z.infer<typeof ZPhotoComment>;

/** A page of a photo's comments, newest first: `cursor` is the `nextCursor` of the page before, opaque to clients. */
export const ZCommentListQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
/** `nextCursor` is null on the page that holds the oldest comment. */
export const ZCommentPage = z.object({
  items: z.array(ZPhotoComment),
  totalCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CommentPage = z.infer<typeof ZCommentPage>;
export const ZCommentListResponse = successEnvelope(ZCommentPage);
