import type { QueuedFile } from '../queue/queue-store';

/** A batch every file of which reached the album: how many, and how many wait for the host's approval. */
export interface FinishedBatch {
  sent: number;
  pending: number;
}

export const finishedBatchOf = (files: readonly QueuedFile[]): FinishedBatch => ({
  sent: files.length,
  pending: files.filter((file) => file.status === 'pending').length,
});

// A batch the shared album finished while the guest looked at it: the queue is cleared once every
// file is in, so the guest page, when the guest comes back, says so from here. Held for the page's
// life, as the guest page's own "all in" notice is.
const finishedAway = new Map<string, FinishedBatch>();

export function rememberFinishedBatch(albumId: string, batch: FinishedBatch): void {
  finishedAway.set(albumId, batch);
}

export function finishedBatchAway(albumId: string): FinishedBatch | null {
  return finishedAway.get(albumId) ?? null;
}

/** The guest page showed it (or a new batch began): coming back again says nothing old. */
export function forgetFinishedBatch(albumId: string): void {
  finishedAway.delete(albumId);
}
