import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { albumMessages } from '../../db/schema/index.js';

/** The voice-note copy's columns of `album_messages` (the job's own row is platform/jobs/job-queue.ts's). */
export function createVoiceNoteCopiesRepository(db: Database) {
  return {
    /** What the copy is made from; undefined when the message (or its recording) is gone. */
    async source(messageId: string) {
      const [row] = await db
        .select({
          albumId: albumMessages.albumId,
          voiceKey: albumMessages.voiceKey,
          voiceMime: albumMessages.voiceMime,
        })
        .from(albumMessages)
        .where(and(eq(albumMessages.id, messageId), isNotNull(albumMessages.voiceKey)));
      return row && { ...row, voiceKey: row.voiceKey! };
    },

    /** The copy is in place, and its length is the note's; undefined when the message was deleted meanwhile. */
    async markReady(
      tx: Database,
      messageId: string,
      copy: { voiceCopyKey: string; voiceCopyBytes: number; voiceCopyCrc32: number; voiceDurationMs?: number },
    ) {
      const [row] = await tx
        .update(albumMessages)
        .set(copy)
        .where(eq(albumMessages.id, messageId))
        .returning({ albumId: albumMessages.albumId });
      return row;
    },

    /** Messages with a recording and no copy: the sweep queues those that have no job either. */
    async withoutCopy(): Promise<string[]> {
      const rows = await db
        .select({ id: albumMessages.id })
        .from(albumMessages)
        .where(and(isNotNull(albumMessages.voiceKey), isNull(albumMessages.voiceCopyKey)));
      return rows.map((row) => row.id);
    },
  };
}
