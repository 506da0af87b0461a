import { z } from 'zod';

/**
 * A video's playback copy (H.264 and AAC in MP4, made in the background): `processing` until a
 * worker has made it, then `ready`, or `failed` with the reason once the worker gave up. The
 * original is never changed and is what the host downloads.
 */
export const ZPlaybackState = z.enum(['processing', 'ready', 'failed']);
export type PlaybackState = z.infer<typeof ZPlaybackState>;

/**
 * Why no copy could be made: `no-ffmpeg` (the server has no ffmpeg), `timed-out` (ffmpeg ran past
 * its time bound), `out-of-memory` (past its memory bound), `unreadable` (ffmpeg could not decode
 * the clip), `failed` (anything else, after every retry).
 */
export const ZPlaybackFailure = z.enum(['no-ffmpeg', 'timed-out', 'out-of-memory', 'unreadable', 'failed']);
export type PlaybackFailure = z.infer<typeof ZPlaybackFailure>;

export const ZVideoPlayback = z.object({
  state: ZPlaybackState,
  /** Set when `state` is `failed`. */
  failure: ZPlaybackFailure.nullable(),
  /** The clip's length, known once the copy is made (or from the upload's probe). */
  durationMs: z.number().int().nullable(),
});
export type VideoPlayback = z.infer<typeof ZVideoPlayback>;
