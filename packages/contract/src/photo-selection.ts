import { z } from 'zod';
import { successEnvelope } from './common.js';
import { ZOwnerPhotoState } from './events.js';
import { ZSectionFilter } from './sections.js';

/**
 * The host's work on several photos at once (issue 29): approve, hide or delete a selection, and
 * download its originals as one ZIP. Ids of photos that are not in the album (unknown, deleted
 * meanwhile, or another album's) are answered as `notFound`, all alike, and never touched.
 */

/** Photos per bulk request, each request one transaction: the web app sends a larger selection in parts. */
export const PHOTO_BATCH_MAX = 100;
/** Photos per selection ZIP: its signed link carries their ids (docs/decisions.md, "Whole-album download"). */
export const SELECTION_ZIP_MAX = 200;
/** "Select all" reads at most this many ids, above any plan's photos (as the owner's `pageSize`). */
export const PHOTO_IDS_MAX = 2000;

const photoIds = (max: number) => z.array(z.uuid()).min(1).max(max);

export const ZPhotoBatchAction = z.enum(['approve', 'hide', 'delete']);
export type PhotoBatchAction = z.infer<typeof ZPhotoBatchAction>;

/** `POST /api/events/{id}/photos/batch`. `approve` also shows hidden photos again, as the single approve does. */
export const ZPhotoBatchRequest = z.object({ action: ZPhotoBatchAction, photoIds: photoIds(PHOTO_BATCH_MAX) });
export type PhotoBatchRequest = z.infer<typeof ZPhotoBatchRequest>;
export const ZPhotoBatchResponse = successEnvelope(
  z.object({
    /** The album's photos now in the asked state (already there counts), or deleted. */
    done: z.array(z.uuid()),
    /** Ids naming no photo of this album. */
    notFound: z.array(z.uuid()),
  }),
);
export type PhotoBatchResult = z.infer<typeof ZPhotoBatchResponse>['data'];

/** `GET /api/events/{id}/photo-ids`: every id in a state and section, newest shot first (the grid's order). */
export const ZPhotoIdsQuery = z.object({ state: ZOwnerPhotoState.optional(), ...ZSectionFilter.shape });
export const ZPhotoIdsResponse = successEnvelope(z.object({ ids: z.array(z.uuid()).max(PHOTO_IDS_MAX) }));

/** `POST /api/events/{id}/selection-link`: a signed link to the chosen originals' ZIP, like `download-link`. */
export const ZSelectionLinkRequest = z.object({ photoIds: photoIds(SELECTION_ZIP_MAX) });
export const ZSelectionLinkResponse = successEnvelope(
  z.object({
    url: z.string(),
    expiresAt: z.string(),
    bytes: z.number().int(),
    fileName: z.string(),
    /** Photos in the archive. */
    count: z.number().int(),
    notFound: z.array(z.uuid()),
  }),
);
export type SelectionLink = z.infer<typeof ZSelectionLinkResponse>['data'];
