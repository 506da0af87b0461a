import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { albums } from './customizations.js';
import { albumSections } from './sections.js';

/** A guest who joined an album with its code; only the SHA-256 of the guest token is kept. */
export const albumGuests = pgTable(
  'album_guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('album_guests_album_idx').on(table.albumId)],
);

/**
 * A guest's photo. The original is kept unaltered; what others fetch are the renditions.
 * `content_hash` (SHA-256 of the original) is unique per album so a re-sent file is stored once.
 */
export const albumPhotos = pgTable(
  'album_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => albumGuests.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    originalName: text('original_name').notNull(),
    contentHash: text('content_hash').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    originalKey: text('original_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    displayKey: text('display_key').notNull(),
    /** When the photo was taken (EXIF DateTimeOriginal), if the file said. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** 'hidden': the host took it out of the guests' view; it stays in the album and the host's download. */
    status: text('status', { enum: ['approved', 'pending', 'hidden'] }).notNull(),
    /** CRC-32 of the original and of the display rendition, for the streamed ZIP download; null until computed. */
    originalCrc32: bigint('original_crc32', { mode: 'number' }),
    displayCrc32: bigint('display_crc32', { mode: 'number' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** A video's thumb and display renditions are its poster frame; the original is the clip. */
    kind: text('kind', { enum: ['photo', 'video'] })
      .notNull()
      .default('photo'),
    /** When the host's digest e-mail about this upload was sent (or kept, without SMTP); null until then. */
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    /** The outbox e-mail (digest) that will tell the host; set while it waits to be sent, cleared if it gives up. */
    noticeEmailId: uuid('notice_email_id'),
    /** A video's playback copy (contract video-playback.ts): null for photos. */
    playbackState: text('playback_state', { enum: ['processing', 'ready', 'failed'] }),
    /** Why the copy could not be made, once its job gave up (ZPlaybackFailure). */
    playbackFailure: text('playback_failure', {
      enum: ['no-ffmpeg', 'timed-out', 'out-of-memory', 'unreadable', 'failed'],
    }),
    /** The H.264/AAC MP4 copy, set with `playback_state = 'ready'`. */
    playbackKey: text('playback_key'),
    /** A video's length, from the upload's probe or the copy. */
    durationMs: integer('duration_ms'),
    /** The section the guest chose; null is the album's main part (also after the section is deleted). */
    sectionId: uuid('section_id').references(() => albumSections.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('album_photos_album_hash_idx').on(table.albumId, table.contentHash),
    index('album_photos_album_uploaded_idx').on(table.albumId, table.uploadedAt),
    index('album_photos_album_section_uploaded_idx').on(table.albumId, table.sectionId, table.uploadedAt),
    // The lists' order (modules/album-photos/photo-rows.ts): when it was shot, else when it arrived.
    index('album_photos_album_shot_idx').on(
      table.albumId,
      sql`coalesce(${table.takenAt}, ${table.uploadedAt})`,
      table.id,
    ),
    // Only the uploads a waiting digest holds: the outbox marks them told (or frees them) by e-mail id.
    index('album_photos_notice_email_idx')
      .on(table.noticeEmailId)
      .where(sql`${table.noticeEmailId} is not null and ${table.noticedAt} is null`),
  ],
);

/** One like per guest per photo: the primary key makes liking idempotent. */
export const photoLikes = pgTable(
  'photo_likes',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => albumPhotos.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => albumGuests.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.photoId, table.guestId] })],
);

export const photoComments = pgTable(
  'photo_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => albumPhotos.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => albumGuests.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('photo_comments_photo_idx').on(table.photoId, table.createdAt)],
);

/** When each album's host was last sent the new-uploads digest (at most one an hour). */
export const albumNoticeDigests = pgTable('album_notice_digests', {
  albumId: uuid('album_id')
    .primaryKey()
    .references(() => albums.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/**
 * A resumable (tus) upload in progress. The bytes so far are chunk objects in the blob store
 * (`chunkKeys`, in order) and `offset` counts them, so any server behind the load balancer can
 * answer HEAD or take the next PATCH. A PATCH holds the upload through `receivingClaim` until
 * `receivingUntil` (renewed while it streams), so two servers never append at once; a server
 * that dies mid-PATCH frees the upload as soon as the database sees it gone (`receivingHolder`),
 * or else when its lease runs out. The row stays after the finish
 * (with `photoId`) until it expires, and is removed when terminated or expired.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => albumGuests.id, { onDelete: 'cascade' }),
    uploadLength: bigint('upload_length', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    uploaderName: text('uploader_name'),
    /** The section named in the tus metadata; a section deleted meanwhile leaves the upload to the main part. */
    sectionId: uuid('section_id').references(() => albumSections.id, { onDelete: 'set null' }),
    /** Set once the whole file arrived and went through the pipeline. */
    photoId: uuid('photo_id'),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    /** Blob keys of the bytes received so far, in order (`resumable/<id>/<start>-<claim>`). */
    chunkKeys: text('chunk_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    receivingClaim: uuid('receiving_claim'),
    receivingUntil: timestamp('receiving_until', { withTimezone: true }),
    /** The database session name (DatabaseHandle.sessionName) of the server whose PATCH holds the claim. */
    receivingHolder: text('receiving_holder'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('resumable_uploads_expires_idx').on(table.expiresAt)],
);

export type AlbumGuestRow = typeof albumGuests.$inferSelect;
export type AlbumPhotoRow = typeof albumPhotos.$inferSelect;
