import { sql } from 'drizzle-orm';
import { check, integer, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { albumMessages } from './guestbook.js';
import { albumPhotos } from './guests.js';

/**
 * Durable background work on one photo or video, or one guestbook message (platform/jobs/job-queue.ts):
 * a video's playback copy, a voice note's AAC copy, a photo's faces. Its kind says which it names. A worker claims a due row with `FOR UPDATE SKIP LOCKED`, so two workers never take
 * the same one, and holds it by `lease_token` while it keeps `heartbeat_at` fresh; a row whose
 * heartbeat lapsed (its worker died) is due again.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id').references(() => albumPhotos.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => albumMessages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['video-playback', 'voice-note-copy', 'face-index'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Claims so far, the one running included; the job gives up at its kind's limit. */
    attempts: integer('attempts').notNull().default(0),
    /** Not claimed before this (the backoff after a failed attempt). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** Changes on every claim: a worker whose lease was taken over can no longer finish the job. */
    leaseToken: uuid('lease_token'),
    /** Which worker holds it (host and process), for the operator's eyes. */
    leasedBy: text('leased_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('media_jobs_photo_kind_idx').on(table.photoId, table.kind),
    uniqueIndex('media_jobs_message_kind_idx').on(table.messageId, table.kind),
    index('media_jobs_due_idx').on(table.state, table.runAfter),
    check('media_jobs_one_subject', sql`num_nonnulls(${table.photoId}, ${table.messageId}) = 1`),
  ],
);

export type MediaJobRow = typeof mediaJobs.$inferSelect;
