import path from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createDatabaseAlbumEvents } from './modules/albums/index.js';
import { createFaceIndexWorker } from './modules/faces/index.js';
import { createVoiceNoteCopies } from './modules/guestbook/index.js';
import { createMediaJobs } from './modules/media-jobs/index.js';
import { createBlobStore } from './platform/blob-store/create-blob-store.js';
import { LOG_REDACT_PATHS } from './platform/http/request-logging.js';

/**
 * `npm run worker`: a process that serves no requests and only runs background jobs (videos'
 * playback copies, voice notes' AAC copies, photos' faces), so at scale transcoding runs on machines of its own (docs/operations.md). It
 * shares the web servers' PostgreSQL and media store; the embedded database belongs to one process,
 * so without DATABASE_URL the web server runs the jobs itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: with the embedded database, the web server runs the jobs itself (MEDIA_WORKERS).',
    );
  }
  const logger = pino({ level: config.LOG_LEVEL, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: '' });
  const blobStore = await createBlobStore(config, path.join(config.dataDir, 'media'));
  // A ready copy is announced to the web servers' open albums through the database's notices.
  const events = await createDatabaseAlbumEvents(database, logger);
  const mediaJobs = createMediaJobs({ database, blobStore, events, config });
  const voiceCopies = createVoiceNoteCopies({ db: database.db, queue: mediaJobs.queue, blobStore, config });
  // "Find me": photos' faces on a loop of their own, one at a time (a face index holds one core).
  const faces = createFaceIndexWorker({ db: database.db, queue: mediaJobs.queue, blobStore, config, logger });
  const workers = await mediaJobs.startWorkers(
    logger,
    Math.max(config.MEDIA_WORKERS, 1),
    [voiceCopies.handler],
    faces.isAvailable ? [faces.handler] : [],
  );

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'worker stopping: the jobs in flight go back to the queue');
    setTimeout(() => process.exit(1), 25_000).unref();
    await workers.stop();
    await faces.close();
    await events.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
