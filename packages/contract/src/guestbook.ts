import { z } from 'zod';

import { successEnvelope, ZMultiLineText, ZPageNumber, ZSingleLineText } from './common.js';
import { GUEST_NAME_MAX, GUEST_STATUSES, MESSAGE_TEXT_MAX } from './constants.js';

/**
 * The guestbook (PRODUCT.md "Guestbook and sections"): a guest leaves the hosts a message, in words
 * and, on Plus and above, a voice note. Hosts read every message; guests only once the host made
 * the guestbook public (`enable_public_guestbook`).
 */

/** Voice notes a guest may send, judged by their bytes (MediaRecorder's WebM or MP4, Ogg/Opus, M4A/AAC, MP3). */
export const VOICE_NOTE_TYPES = {
  webm: { mime: 'audio/webm', ext: 'webm' },
  ogg: { mime: 'audio/ogg', ext: 'ogg' },
  m4a: { mime: 'audio/mp4', ext: 'm4a' },
  aac: { mime: 'audio/aac', ext: 'aac' },
  mp3: { mime: 'audio/mpeg', ext: 'mp3' },
} as const;
export type VoiceNoteType = keyof typeof VOICE_NOTE_TYPES;

export const ZMessageParams = z.object({ albumId: z.uuid(), messageId: z.uuid() });
export const ZEventMessageParams = z.object({ id: z.uuid(), messageId: z.uuid() });

/** The words of a message: trimmed, at most MESSAGE_TEXT_MAX characters, line breaks kept. */
export const ZMessageText = ZMultiLineText.trim().max(MESSAGE_TEXT_MAX);
/** The name the message is signed with; the guest's own name when left out. */
export const ZMessageAuthorName = ZSingleLineText.trim().max(GUEST_NAME_MAX);

/**
 * `POST /api/albums/{albumId}/messages` as JSON. As multipart/form-data the same fields come as
 * form fields, with an optional `voice` file; a message with a voice note may leave `text` empty.
 */
export const ZPostMessageRequest = z.object({
  text: ZMessageText.min(1, 'Write a message'),
  authorName: ZMessageAuthorName.optional(),
});
export type PostMessageRequest = z.infer<typeof ZPostMessageRequest>;
/** The form fields of the multipart variant, checked one by one as they arrive. */
export const ZMessageFormFields = z.object({ text: ZMessageText, authorName: ZMessageAuthorName });

/** What the guest is told (constants.ts, guestStatusOf): shown, or waiting for the hosts (also when hidden). */
export const ZMessageStatus = z.enum(GUEST_STATUSES);
export const ZPostMessageResponse = successEnvelope(z.object({ id: z.uuid(), status: ZMessageStatus }));
export type PostMessageResponse = z.infer<typeof ZPostMessageResponse>;

export const ZMessageListQuery = z.object({
  page: ZPageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZGuestMessage = z.object({
  id: z.uuid(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
  /**
   * The voice note (signed URL, plays in an `<audio>`, honours Range), or null: its AAC copy
   * (`…/voice.m4a`) once the job made it, the recording as sent until then or if it cannot be.
   */
  voiceUrl: z.string().nullable(),
  /** What `voiceUrl` serves: `audio/mp4` for the copy, else the recording's type; null without one. */
  voiceType: z.string().nullable(),
  /** The voice note's length (the copy's once made; a live WebM states none, the server measures it), or null. */
  voiceDurationMs: z.number().int().nullable(),
});
export type GuestMessage = z.infer<typeof ZGuestMessage>;

/**
 * `GET /api/albums/{albumId}/messages`: approved messages, newest first, only while the host keeps
 * the guestbook public; otherwise `visible: false` and no items (not a refusal: the guest page asks
 * on every album). `voiceNotes` says whether the plan lets guests record one.
 */
export const ZGuestMessagesResponse = successEnvelope(
  z.object({
    visible: z.boolean(),
    voiceNotes: z.boolean(),
    items: z.array(ZGuestMessage),
    totalCount: z.number().int(),
  }),
);
export type GuestMessages = z.infer<typeof ZGuestMessagesResponse>['data'];

export const ZMessageState = z.enum(['approved', 'pending', 'hidden']);
export type MessageState = z.infer<typeof ZMessageState>;

export const ZOwnerMessage = ZGuestMessage.extend({ status: ZMessageState });
export type OwnerMessage = z.infer<typeof ZOwnerMessage>;

export const ZEventMessagesQuery = z.object({
  page: ZPageNumber,
  /** The printable guestbook asks for every message at once; 2,000 is past Premium's 1,000. */
  pageSize: z.coerce.number().int().min(1).max(2000).default(20),
  state: ZMessageState.optional(),
});

/** `GET /api/events/{id}/messages`: every message in every state, newest first, with the counts per state. */
export const ZEventMessagesResponse = successEnvelope(
  z.object({
    items: z.array(ZOwnerMessage),
    totalCount: z.number().int(),
    counts: z.object({ approved: z.number().int(), pending: z.number().int(), hidden: z.number().int() }),
    /** The plan's message count; null: unlimited (Elite). Every state counts against it. */
    limit: z.number().int().nullable(),
  }),
);
export type EventMessages = z.infer<typeof ZEventMessagesResponse>['data'];

/**
 * `PATCH /api/events/{id}/messages/{messageId}`: exactly one of `{ hidden: true }` (out of the
 * guests' view, kept for the hosts), `{ hidden: false }` (a hidden message shown again) or
 * `{ approve: true }` (a pending or hidden message shown). Deleting is `DELETE` on the same path.
 */
export const ZMessageModerationRequest = z
  .object({ hidden: z.boolean().optional(), approve: z.literal(true).optional() })
  .refine((body) => (body.hidden === undefined) !== (body.approve === undefined), {
    message: 'Send exactly one of "hidden" (true or false) or "approve" (true)',
  });
export type MessageModerationRequest = z.infer<typeof ZMessageModerationRequest>;
export const ZMessageModerationResponse = successEnvelope(z.object({ id: z.uuid(), status: ZMessageState }));
