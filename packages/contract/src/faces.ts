import { z } from 'zod';
import { successEnvelope } from './common.js';
import { ZGuestPhoto } from './guests.js';

/** The selfie a guest searches with: JPEG, PNG, WebP or HEIC, held in the server's memory for the one request. */
export const SELFIE_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart field that carries it. */
export const SELFIE_FIELD = 'selfie';

/** The photos the selfie's person is in, as the guest album shows them, newest first. */
export const ZFaceSearchResponse = successEnvelope(
  z.object({ items: z.array(ZGuestPhoto), totalCount: z.number().int() }),
);
export type FaceSearchResponse = z.infer<typeof ZFaceSearchResponse>;

/** The host's view of "Find me" on an album: whether it runs, and how far indexing has come ("412 of 1,500"). */
export const ZFaceProgress = z.object({
  /** The host's switch (enable_face_search). */
  enabled: z.boolean(),
  /** False when this server lacks the face models: nothing is indexed or searched. */
  available: z.boolean(),
  /** Photos and video posters whose faces are indexed (none found counts too). */
  indexed: z.number().int(),
  /** The album's photos and videos. */
  total: z.number().int(),
  /** Faces found so far. */
  faces: z.number().int(),
});
export type FaceProgress = z.infer<typeof ZFaceProgress>;
export const ZFaceProgressResponse = successEnvelope(ZFaceProgress);
