import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { FaceEngineUnavailableError, type FaceEngine } from '../../platform/faces/face-engine.js';
import { decodeForFaces, INDEX_SIDE } from '../../platform/faces/face-image.js';
import { FACE_MODEL } from '../../platform/faces/face-models.js';
import { UnreadableImageError } from '../../platform/images/photo-renditions.js';
import type { ProcessingSlots } from '../../platform/images/processing-slots.js';
import type { ClaimedJob, JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobHandler } from '../../platform/jobs/job-worker.js';
import { packDescriptor } from './face-match.js';
import type { FacesRepository } from './faces.repository.js';

export interface FaceIndexDeps {
  repo: FacesRepository;
  queue: JobQueue;
  blobStore: BlobStore;
  engine: FaceEngine;
  runInSlot: ProcessingSlots;
  /** An album's faces changed: its cached matrix is stale on this server. */
  onIndexed(albumId: string): void;
}

/**
 * A photo's `face-index` job: its display rendition (1600 px, the research's setting; a video's is
 * its poster) decoded within the server's processing slots, described by the engine behind any
 * selfie waiting, and its faces written in the transaction that completes the job. An image that
 * cannot be decoded has no faces to give: it is done with none rather than retried.
 */
export function createFaceIndexing({ repo, queue, blobStore, engine, runInSlot, onIndexed }: FaceIndexDeps) {
  async function index(job: ClaimedJob) {
    const source = await repo.findIndexSource(job.subjectId);
    // The photo was deleted (its job went with it), or the host turned the switch off meanwhile.
    if (!source?.isOn) return void (await queue.complete(job, async () => undefined));
    const blob = await blobStore.get(source.displayKey);
    const bytes = blob ? Buffer.concat(await blob.stream.toArray()) : undefined;
    let faces: Awaited<ReturnType<FaceEngine['describe']>> = [];
    try {
      if (!bytes) throw new UnreadableImageError(`the display rendition ${source.displayKey} is missing`);
      const image = await runInSlot(() => decodeForFaces(bytes, INDEX_SIDE));
      faces = await engine.describe(image, 'index');
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
    }
    const rows = faces.map((face) => ({
      box: face.box,
      score: face.score,
      descriptor: packDescriptor(face.descriptor),
    }));
    await queue.complete(job, (tx) => repo.replaceFaces(tx, source.albumId, job.subjectId, rows, FACE_MODEL));
    onIndexed(source.albumId);
  }

  const handler: JobHandler = {
    kind: 'face-index',
    maxAttempts: 3,
    run: index,
    // Without its models the engine will not appear by retrying; the host's progress shows it.
    isRetryable: (error) => !(error instanceof FaceEngineUnavailableError),
    async giveUp(job, error) {
      const message = error instanceof Error ? error.message : String(error);
      await queue.giveUp(job, message.slice(0, 2000), async () => undefined);
    },
  };
  return { handler };
}
