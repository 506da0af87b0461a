import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { albums } from './customizations.js';

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
  },
  (table) => [
    uniqueIndex('album_photos_album_hash_idx').on(table.albumId, table.contentHash),
    index('album_photos_album_uploaded_idx').on(table.albumId, table.uploadedAt),
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

export type AlbumGuestRow = typeof albumGuests.$inferSelect;
export type AlbumPhotoRow = typeof albumPhotos.$inferSelect;
