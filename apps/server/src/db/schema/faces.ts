import { boolean, customType, index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { albums } from './customizations.js';
import { albumGuests, albumPhotos } from './guests.js';

/** Raw bytes; drizzle has no built-in bytea column. PGlite's parser is set in db/client.ts (its default is slow). */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A person as the host's People view groups them; `hidden` keeps them out of every guest's search
 * (a guest who asked not to be findable).
 */
export const facePeople = pgTable(
  'face_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('face_people_album_idx').on(table.albumId)],
);

/**
 * A face found in an album photo: derived data, deleted with its photo (cascade), when the host
 * turns "Find me" off, and with the album. The descriptor is FaceRes' 1,024 values at one byte
 * each (docs/research/find-me.md: the ranking survives it); never the face's pixels.
 */
export const photoFaces = pgTable(
  'photo_faces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => albumPhotos.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => facePeople.id, { onDelete: 'set null' }),
    /** The face's box as fractions of the photo's sides. */
    boxX: real('box_x').notNull(),
    boxY: real('box_y').notNull(),
    boxWidth: real('box_width').notNull(),
    boxHeight: real('box_height').notNull(),
    /** The detector's confidence. */
    score: real('score').notNull(),
    descriptor: bytes('descriptor').notNull(),
    /** Which model made the descriptor: descriptors of different models cannot be compared. */
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('photo_faces_album_idx').on(table.albumId), index('photo_faces_photo_idx').on(table.photoId)],
);

/**
 * What a guest who chose "keep the filter" leaves of their face: the selfie's descriptor (with its
 * mirror image's), one per guest pass, deleted by "Forget me", with the pass and with the album.
 * Never the selfie itself.
 */
export const guestFaceQueries = pgTable('guest_face_queries', {
  guestId: uuid('guest_id')
    .primaryKey()
    .references(() => albumGuests.id, { onDelete: 'cascade' }),
  albumId: uuid('album_id')
    .notNull()
    .references(() => albums.id, { onDelete: 'cascade' }),
  descriptor: bytes('descriptor').notNull(),
  model: text('model').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PhotoFaceRow = typeof photoFaces.$inferSelect;
