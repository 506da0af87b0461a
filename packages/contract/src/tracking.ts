import { z } from 'zod';
import { ZMultiLineText, ZSingleLineText } from './common.js';
import { TRACKING_BATCH_MAX_EVENTS } from './constants.js';

/** The largest event_data accepted, measured as its JSON text. */
export const TRACKING_EVENT_DATA_MAX_BYTES = 4096;
/** The most events one batch (a flushed offline queue) may carry. */

/** Whether every key and string inside `value` is free of control characters (jsonb refuses NUL). */
function hasCleanTexts(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return ZMultiLineText.safeParse(value).success;
  if (value === null || typeof value !== 'object') return true;
  // Deeper than any event a page sends; the size limit has already refused anything bulky.
  if (depth > 32) return false;
  return Object.entries(value).every(
    ([key, item]) => ZMultiLineText.safeParse(key).success && hasCleanTexts(item, depth + 1),
  );
}

const ZEventData = z
  .record(z.string(), z.unknown())
  .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= TRACKING_EVENT_DATA_MAX_BYTES, {
    message: `event_data must be at most ${TRACKING_EVENT_DATA_MAX_BYTES} bytes of JSON`,
    abort: true,
  })
  .refine((data) => hasCleanTexts(data), {
    message: 'must not contain control characters or nest deeper than 32 levels',
  });

/** POST /api/tracking/track (spec 000 §7); event_id is ours, so a resent event is stored once. */
export const ZTrackEventRequest = z.object({
  session_id: ZSingleLineText.min(1).max(100),
  event_type: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'event_type is snake_case, 2 to 64 characters'),
  event_data: ZEventData.default({}),
  timestamp: z.iso.datetime({ offset: true }),
  event_id: z.uuid().optional(),
});
export type TrackEventRequest = z.infer<typeof ZTrackEventRequest>;

/** POST /api/tracking/batch: the offline queue, flushed in one request. */
export const ZTrackBatchRequest = z.object({
  events: z.array(ZTrackEventRequest).min(1).max(TRACKING_BATCH_MAX_EVENTS),
});
export type TrackBatchRequest = z.infer<typeof ZTrackBatchRequest>;

export const ZTrackResponse = z.object({ success: z.literal(true), stored: z.number().int() });
export type TrackResponse = z.infer<typeof ZTrackResponse>;

/** The fixed e-mail marker the home page sends in place of a visitor's address (spec 000 §7). */

/** POST /api/initial-form: a visitor's geolocation, sent once per browser from the home page. */
export const ZInitialFormRequest = z.object({
  email: ZSingleLineText.min(3).max(254),
  session_id: ZSingleLineText.min(1).max(100).optional(),
  ip: ZSingleLineText.max(64).nullish(),
  country: ZSingleLineText.max(100).nullish(),
  country_code: ZSingleLineText.max(2).nullish(),
  city: ZSingleLineText.max(100).nullish(),
});
export type InitialFormRequest = z.infer<typeof ZInitialFormRequest>;
