import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import type { ClaimedJob, JobQueue } from '../../platform/jobs/job-queue.js';
import type { JobHandler } from '../../platform/jobs/job-worker.js';
import { checkAudio } from '../../platform/media/audio-probe.js';
import { audioTypeOfMime } from '../../platform/media/audio-type.js';
import { inspectFile } from '../../platform/media/staged-file.js';
import { ffprobeBeside } from '../../platform/media/video-probe.js';
import { TranscodeError } from '../../platform/media/video-transcode.js';
import { transcodeVoiceNote, VOICE_COPY } from '../../platform/media/voice-transcode.js';
import { createVoiceNoteCopiesRepository } from './voice-note-copies.repository.js';

export interface VoiceNoteCopiesDeps {
  db: Database;
  /** The videos' queue (the media-jobs module): one table, one set of workers. */
  queue: JobQueue;
  blobStore: BlobStore;
  /** The programs, and ffmpeg's bounds per copy: the videos' (a minute of sound takes well under a second). */
  config: Pick<
    Config,
    'FFMPEG_PATH' | 'FFPROBE_PATH' | 'VIDEO_TRANSCODE_TIMEOUT_SECONDS' | 'VIDEO_TRANSCODE_MEMORY_MB'
  >;
  maxAttempts?: number;
}

const KIND = 'voice-note-copy';

/** Where a note's copy is stored: beside its recording (whose own name may be `voice.m4a`). */
export const voiceCopyKey = (voiceKey: string) => `${voiceKey.slice(0, voiceKey.lastIndexOf('/') + 1)}playback.m4a`;

/** A retry cannot help a machine without ffmpeg or a recording ffmpeg cannot decode. */
const isRetryable = (error: unknown) =>
  !(error instanceof TranscodeError && (error.reason === 'no-ffmpeg' || error.reason === 'unreadable'));

/**
 * Voice notes' AAC copies (issue 29): MediaRecorder's WebM states no length (players show 0:00)
 * and plays neither on an iPhone nor in QuickTime. Every stored voice note gets a `voice-note-copy`
 * job in the transaction that inserts its message; a worker (the videos' job-worker.ts, in the web
 * server or `npm run worker`) fetches the recording to the staging disk, has ffmpeg make the M4A
 * (voice-transcode.ts), reads its length with ffprobe and stores it beside the recording, then
 * records the copy's key, size, CRC-32 (the ZIP's layout needs them before streaming) and length in
 * the transaction that completes the job. The recording is never touched: until the copy is ready,
 * and for good if it cannot be made, players get the recording as before.
 */
export function createVoiceNoteCopies(deps: VoiceNoteCopiesDeps) {
  const { db, queue, blobStore, config, maxAttempts = 3 } = deps;
  const repo = createVoiceNoteCopiesRepository(db);
  const ffmpeg = {
    ffmpegPath: config.FFMPEG_PATH,
    timeoutMs: config.VIDEO_TRANSCODE_TIMEOUT_SECONDS * 1000,
    memoryBytes: config.VIDEO_TRANSCODE_MEMORY_MB * 1024 * 1024,
  };
  const ffprobePath = config.FFPROBE_PATH ?? ffprobeBeside(config.FFMPEG_PATH);

  async function makeCopy(job: ClaimedJob, signal: AbortSignal) {
    const source = await repo.source(job.subjectId);
    // The message was deleted (its job row goes with it): nothing is left to do or to write.
    if (!source) return;
    const type = audioTypeOfMime(source.voiceMime);
    if (!type) throw new TranscodeError('unreadable', `no voice note type is stored as ${source.voiceMime}`);
    // `.partial`, so the start-up sweep removes what a crash leaves (sweep-partials.ts).
    await fsp.mkdir(blobStore.stagingDir, { recursive: true });
    const work = path.join(blobStore.stagingDir, `voice-copy-${job.id}-${job.leaseToken}`);
    const [input, output] = [`${work}.source.partial`, `${work}.m4a.partial`];
    try {
      const original = await blobStore.get(source.voiceKey);
      if (!original) throw new TranscodeError('failed', `the recording ${source.voiceKey} is missing`);
      await pipeline(original.stream, fs.createWriteStream(input), { signal });
      await transcodeVoiceNote(input, type, output, { ...ffmpeg, signal });
      const heard = await checkAudio(output, 'm4a', { ffprobePath });
      if (!heard.playable) throw new TranscodeError('failed', 'the copy holds no sound ffprobe can read');
      const { size, crc32 } = await inspectFile(output);
      const key = voiceCopyKey(source.voiceKey);
      await blobStore.putFile(key, output, VOICE_COPY.mime);
      const copy = { voiceCopyKey: key, voiceCopyBytes: size, voiceCopyCrc32: crc32 };
      // Deleted while the copy was made (its job row goes with the message, so completing fails):
      // the folder is gone or going, and so must the copy be.
      const dropIfDeleted = async () => {
        if (!(await repo.source(job.subjectId))) await blobStore.delete(key);
      };
      const row = await queue
        .complete(job, (tx) => repo.markReady(tx, job.subjectId, { ...copy, voiceDurationMs: heard.durationMs }))
        .catch(async (error: unknown) => {
          await dropIfDeleted();
          throw error;
        });
      if (!row) await dropIfDeleted();
    } finally {
      await Promise.all([fsp.rm(input, { force: true }), fsp.rm(output, { force: true })]);
    }
  }

  const handler: JobHandler = {
    kind: KIND,
    maxAttempts,
    run: makeCopy,
    isRetryable,
    async giveUp(job, error) {
      // Nothing to tell anyone: the note keeps playing its recording. The reason stays on the job row.
      const message = error instanceof Error ? error.message : String(error);
      await queue.giveUp(job, message.slice(0, 2000), async () => undefined);
    },
  };

  return {
    handler,

    /** Queues a new voice note's copy inside the transaction that inserts its message. */
    queueFor: (tx: Database, messageId: string) => queue.enqueue(messageId, KIND, tx),

    /** Wakes the workers once that transaction committed; a lost notice is found by their next poll. */
    wakeWorkers: () => queue.announce().catch(() => undefined),

    /**
     * Queues a copy for every voice note that has neither a copy nor a job (stored before copies
     * existed, or by an older server during a rolling deploy); answers how many.
     */
    async queueMissing(): Promise<number> {
      const queued = await queue.enqueueMissing(await repo.withoutCopy(), KIND);
      if (queued > 0) await queue.announce();
      return queued;
    },
  };
}

export type VoiceNoteCopies = ReturnType<typeof createVoiceNoteCopies>;
