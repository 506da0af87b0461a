import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albums } from './customizations.js';
import { albumGuests } from './guests.js';

/**
 * A guestbook message a guest left for the hosts: words, and on plans with voice notes an audio
 * file in the blob store (`albums/<album>/messages/<id>/voice.<ext>`). It counts against the plan's
 * `messageLimit` in every state.
 */
export const albumMessages = pgTable(
  'album_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => albumGuests.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** May be '' when a voice note says it all. */
    text: text('text').notNull(),
    voiceKey: text('voice_key'),
    voiceMime: text('voice_mime'),
    /** The voice note's length: as read at upload, then the AAC copy's; null when neither could be read. */
    voiceDurationMs: integer('voice_duration_ms'),
    /** The voice note's size and CRC-32, for the whole-album ZIP; null until computed. */
    voiceBytes: integer('voice_bytes'),
    voiceCrc32: bigint('voice_crc32', { mode: 'number' }),
    /**
     * The AAC copy every player plays (`…/playback.m4a`, made by a `voice-note-copy` job), with its
     * size and CRC-32 for the ZIP; null until made, and for good when it could not be.
     */
    voiceCopyKey: text('voice_copy_key'),
    voiceCopyBytes: integer('voice_copy_bytes'),
    voiceCopyCrc32: bigint('voice_copy_crc32', { mode: 'number' }),
    /** 'hidden': out of the guests' view, still the hosts' (and still counted). */
    status: text('status', { enum: ['approved', 'pending', 'hidden'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the host's digest e-mail about this message was sent (or kept, without SMTP); null until then. */
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    /** The outbox e-mail (digest) that will tell the host; set while it waits to be sent, cleared if it gives up. */
    noticeEmailId: uuid('notice_email_id'),
  },
  (table) => [
    index('album_messages_album_created_idx').on(table.albumId, table.createdAt),
    // Only the messages a waiting digest holds: the outbox marks them told (or frees them) by e-mail id.
    index('album_messages_notice_email_idx')
      .on(table.noticeEmailId)
      .where(sql`${table.noticeEmailId} is not null and ${table.noticedAt} is null`),
  ],
);

export type AlbumMessageRow = typeof albumMessages.$inferSelect;
