import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { createFaceEngine, type FaceEngineLogger } from '../../platform/faces/face-engine.js';
import { createProcessingSlots } from '../../platform/images/processing-slots.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import { createFaceIndexing } from './face-index.js';
import { createFacesRepository } from './faces.repository.js';

/**
 * Face indexing for `npm run worker`: the same job handler and engine as a web server's, with its own
 * decoding slot. Web servers notice the new faces by their album's stamp at the next search.
 */
export function createFaceIndexWorker(deps: {
  db: Database;
  queue: JobQueue;
  blobStore: BlobStore;
  config: Config;
  logger: FaceEngineLogger;
}) {
  const engine = createFaceEngine({
    idleMs: deps.config.FACE_ENGINE_IDLE_SECONDS * 1000,
    logger: deps.logger,
    modelDir: deps.config.FACE_MODELS_DIR,
  });
  const indexing = createFaceIndexing({
    repo: createFacesRepository(deps.db),
    queue: deps.queue,
    blobStore: deps.blobStore,
    engine,
    runInSlot: createProcessingSlots(1),
    onIndexed: () => undefined,
  });
  return { isAvailable: engine.isAvailable, handler: indexing.handler, close: () => engine.close() };
}
