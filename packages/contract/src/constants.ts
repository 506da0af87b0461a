/**
 * Plain values shared by server and web, with no zod: the web app imports this file on its own
 * (`@momentos/contract/constants`), so screens that only need a number do not ship the schemas.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const TICKET_SUBJECT_LENGTH = 60;
export const TICKET_MESSAGE_MAX_LENGTH = 2000;

/** Spec 001 section 5: the first 60 characters of the first message, with '...' when longer. */
export function ticketSubjectFrom(message: string): string {
  const text = message.trim();
  return text.length > TICKET_SUBJECT_LENGTH ? `${text.slice(0, TICKET_SUBJECT_LENGTH)}...` : text;
}

/** Headers a guest sends: the token from joining, or (to read only) the album's access code. */
export const GUEST_TOKEN_HEADER = 'x-guest-token';
export const ALBUM_CODE_HEADER = 'x-album-code';

/**
 * What a guest is told of their own photo, video or message: `approved` once everyone sees it,
 * else `pending`, a hidden one included (its sender is not told the hosts hid it). Anything else,
 * a missing header included, is not "approved": the one mapping server and web both use.
 */
export const GUEST_STATUSES = ['approved', 'pending'] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];
export const guestStatusOf = (status: string | null | undefined): GuestStatus =>
  status === 'approved' ? 'approved' : 'pending';

/** Guest uploads, type judged by bytes: photos (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, MOV, WebM). */
export const GUEST_PHOTO_MAX_BYTES = 25 * 1024 * 1024;
export const GUEST_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** A guest's clip is a moment, not the ceremony: longer ones are refused at upload (ffprobe reads it). */
export const GUEST_VIDEO_MAX_SECONDS = 5 * 60;
/** The longer side of a guest's clip: 4K (3840 × 2160) passes, anything larger is refused at upload. */
export const GUEST_VIDEO_MAX_SIDE = 4096;
export const GUEST_NAME_MAX = 60;
export const COMMENT_MAX = 500;

/** A guestbook message's words (PRODUCT.md "Guestbook and sections"). */
export const MESSAGE_TEXT_MAX = 1000;
/** A section's name, in characters (PRODUCT.md "Guestbook and sections"). */
export const SECTION_NAME_MAX = 40;
/**
 * `?section=main` narrows a photo list to the album's main part: the photos in no section (uploads
 * without one and photos of deleted sections). A word rather than an id, so a shared link says what
 * it shows. Here, not in sections.ts, so the guest album and its slideshow use it without zod.
 */
export const MAIN_SECTION = 'main';
/** Section paths the web app builds: the guests' list (token or album code), the owner's list and one section. */
export const sectionPaths = {
  guestList: (albumId: string) => `/api/albums/${encodeURIComponent(albumId)}/sections`,
  ownerList: (albumId: string) => `/api/events/${encodeURIComponent(albumId)}/sections`,
  ownerOne: (albumId: string, sectionId: string) =>
    `/api/events/${encodeURIComponent(albumId)}/sections/${encodeURIComponent(sectionId)}`,
} as const;
/**
 * The guestbook's endpoints (apps/server/src/modules/guestbook/*.routes.ts). Here, not in guestbook.ts,
 * so the guest page's note entry builds them without evaluating the contract's zod schemas.
 */
export const guestbookPaths = {
  /** Guests: `GET` the public messages (album code), `POST` one (guest token). */
  guestMessages: (albumId: string) => `/api/albums/${encodeURIComponent(albumId)}/messages`,
  /** Hosts: every message of the album, in every state. */
  eventMessages: (id: string) => `/api/events/${encodeURIComponent(id)}/messages`,
  /** Hosts: `PATCH` (hide, show, approve) or `DELETE` one message. */
  eventMessage: (id: string, messageId: string) =>
    `/api/events/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
} as const;
/** A voice note is a few words for the couple, not a speech: longer ones are refused (ffprobe reads it). */
export const VOICE_NOTE_MAX_SECONDS = 60;
/** A minute of Opus or AAC from a phone is well under 1 MB; this leaves room for MP3 and WAV-like bitrates. */
export const VOICE_NOTE_MAX_BYTES = 5 * 1024 * 1024;

/** The event name of the album's live stream (`GET /api/albums/{albumId}/live`). */
export const ALBUM_LIVE_PHOTO_EVENT = 'photo';
/** Sent when a video's playback copy is ready (or could not be made): clients refresh that video. */
export const ALBUM_LIVE_VIDEO_EVENT = 'video';

export const TRACKING_BATCH_MAX_EVENTS = 50;
export const VISITOR_EMAIL_MARKER = 'visitor@momentos.local';

export const FONT_HEIGHT_MIN = 8;
export const FONT_HEIGHT_MAX = 72;
export const COVER_IMAGE_MAX_BYTES = 5_242_880;
/** A cover's longest side as stored; the host's browser scales a larger photo down before sending it. */
export const COVER_IMAGE_MAX_SIDE = 2400;
export const COVER_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** The customization's on/off fields: saved as booleans (spec 001 section 5). */
export const CUSTOMIZATION_FLAG_FIELDS = [
  'enable_notices',
  'enable_parejas',
  'enable_verification',
  'enable_basic_analytics',
  'enable_advanced_analytics',
  'enable_bilingual',
  'priority_support',
  'enable_zip_download',
  /** Guests may download and share the copies they are shown (PRODUCT.md); on unless the host switches it off. */
  'enable_guest_downloads',
  /** Guests may read the approved guestbook messages; off by default, the messages are for the hosts. */
  'enable_public_guestbook',
  /** "Find me": guests find the photos they are in from a selfie (Premium and Elite; off by default). */
  'enable_face_search',
] as const;

/** Spec 000 §9: visitors from these countries start in English; Spain, Equatorial Guinea, Latin America and the rest in Spanish. */
export const ENGLISH_COUNTRY_CODES = ['US', 'GB', 'CA', 'AU', 'NZ', 'IE'] as const;
