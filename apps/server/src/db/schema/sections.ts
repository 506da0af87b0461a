import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { albums } from './customizations.js';

/**
 * A named part of an album (Ceremonia, Fiesta…) the host made. Photos point at it with
 * `album_photos.section_id`; deleting a section sets theirs to null, so they fall back to the
 * album's main part and nothing is lost. Names are unique per album whatever their case.
 */
export const albumSections = pgTable(
  'album_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0-based order in which guests and the host see the sections. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('album_sections_album_name_idx').on(table.albumId, sql`lower(${table.name})`),
    check('album_sections_name_length', sql`char_length(${table.name}) between 1 and 40`),
  ],
);

export type AlbumSectionRow = typeof albumSections.$inferSelect;
