import {
  eventPaths,
  PHOTO_BATCH_MAX,
  type OwnerPhotoState,
  type PhotoBatchAction,
  type ZPhotoBatchResponse,
  type ZPhotoIdsResponse,
  type ZSelectionLinkResponse,
} from '@momentos/contract';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Every id in the filter on screen (state and section), for "select all" beyond the page shown. */
export async function fetchPhotoIds(id: string, state: OwnerPhotoState | undefined, sectionId: string | undefined) {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (sectionId) params.set('section', sectionId);
  const query = params.size > 0 ? `?${params}` : '';
  return (await apiRequest<z.infer<typeof ZPhotoIdsResponse>>(`${eventPaths.photoIds(id)}${query}`)).data.ids;
}

/** A signed link to the ZIP of the chosen originals (at most SELECTION_ZIP_MAX). */
export async function fetchSelectionLink(id: string, photoIds: string[]) {
  return (
    await apiRequest<z.infer<typeof ZSelectionLinkResponse>>(eventPaths.selectionLink(id), { body: { photoIds } })
  ).data;
}

export interface BatchOutcome {
  /** Ids the server acted on (or found already so). */
  done: string[];
  /** Ids no longer in the album (deleted meanwhile). */
  notFound: string[];
  /** The request that failed, when one did: the ids after `done` and `notFound` were not sent. */
  error?: unknown;
}

/**
 * Sends a selection in parts of PHOTO_BATCH_MAX, one after the other, reporting how many are through;
 * each part is one transaction on the server. Stops at the first failure and says what was done.
 */
export async function runPhotoBatch(
  id: string,
  action: PhotoBatchAction,
  photoIds: string[],
  onProgress: (sent: number) => void,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { done: [], notFound: [] };
  for (let start = 0; start < photoIds.length; start += PHOTO_BATCH_MAX) {
    const part = photoIds.slice(start, start + PHOTO_BATCH_MAX);
    try {
      const { data } = await apiRequest<z.infer<typeof ZPhotoBatchResponse>>(eventPaths.photoBatch(id), {
        body: { action, photoIds: part },
      });
      outcome.done.push(...data.done);
      outcome.notFound.push(...data.notFound);
    } catch (error) {
      return { ...outcome, error };
    }
    onProgress(start + part.length);
  }
  return outcome;
}
