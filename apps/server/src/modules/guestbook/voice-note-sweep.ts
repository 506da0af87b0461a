import type { FastifyInstance } from 'fastify';
import type { BlobStore } from '../../platform/blob-store/blob-store.js';
import { schedulePeriodicTask } from '../../platform/scheduling/periodic-task.js';
import type { GuestbookRepository } from './guestbook.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** As for photos (orphan-media.ts): far longer than a recording waits between its file and its row. */
const LEFTOVER_AGE_MS = 60 * 60_000;

/**
 * Removes voice-note folders (`albums/<album>/messages/<message>/`) no message row points at: a
 * crash between storing the recording and inserting its row. Only folders untouched for `minAgeMs`
 * go, so a message being posted is left alone. Answers how many folders were removed.
 */
export async function sweepOrphanVoiceNotes(
  repo: Pick<GuestbookRepository, 'existingIds'>,
  blobStore: BlobStore,
  minAgeMs = LEFTOVER_AGE_MS,
  now = Date.now(),
) {
  const albums: string[] = [];
  for await (const album of blobStore.listFolders('albums/')) albums.push(album.prefix);
  let removed = 0;
  for (const album of albums) {
    const folders: { prefix: string; id: string; modifiedAt?: Date }[] = [];
    for await (const folder of blobStore.listFolders(`${album}messages/`)) {
      const id = folder.prefix.slice(`${album}messages/`.length, -1);
      if (UUID.test(id)) folders.push({ ...folder, id });
    }
    const known = await repo.existingIds(folders.map((folder) => folder.id));
    for (const folder of folders) {
      if (known.has(folder.id)) continue;
      let newest = folder.modifiedAt?.getTime() ?? 0;
      for await (const object of blobStore.list(folder.prefix)) newest = Math.max(newest, object.modifiedAt.getTime());
      if (now - newest < minAgeMs) continue;
      await blobStore.deleteAll(folder.prefix);
      removed++;
    }
  }
  return removed;
}

/** Runs the sweep at start and every `everyMs` (0: only at start), except under test, whose servers share data directories. */
export function sweepVoiceNotesEvery(
  app: FastifyInstance,
  deps: { repo: GuestbookRepository; blobStore: BlobStore; everyMs: number; underTest: boolean },
) {
  if (deps.underTest) return;
  schedulePeriodicTask(app, {
    name: 'voice note leftovers sweep',
    everyMs: deps.everyMs,
    runAtStart: true,
    task: async () => {
      const removed = await sweepOrphanVoiceNotes(deps.repo, deps.blobStore);
      if (removed > 0) app.log.info({ removed }, 'removed voice notes left by interrupted messages');
    },
  });
}
