import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './checkout.js';
import { users } from './users.js';

/** The host's settings for an album, started from a paid order (spec 001 section 3, API defaults). */
export const customizations = pgTable(
  'customizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'completed'] })
      .notNull()
      .default('draft'),
    eventName: text('event_name').notNull().default(''),
    eventDate: date('event_date'),
    eventLocation: text('event_location').notNull().default(''),
    eventDescription: text('event_description').notNull().default(''),
    coverImageUrl: text('cover_image_url').notNull().default(''),
    fontType: text('font_type').notNull().default('Arial'),
    fontHeight: integer('font_height').notNull().default(16),
    musicUrl: text('music_url').notNull().default(''),
    enableNotices: boolean('enable_notices').notNull().default(true),
    enableParejas: boolean('enable_parejas'),
    enableVerification: boolean('enable_verification').notNull().default(false),
    enableBasicAnalytics: boolean('enable_basic_analytics').notNull().default(false),
    enableAdvancedAnalytics: boolean('enable_advanced_analytics').notNull().default(false),
    enableBilingual: boolean('enable_bilingual').notNull().default(false),
    prioritySupport: boolean('priority_support').notNull().default(false),
    enableZipDownload: boolean('enable_zip_download').notNull().default(false),
    /** Guests may download and share the copies they see (PRODUCT.md); the host can switch it off. */
    enableGuestDownloads: boolean('enable_guest_downloads').notNull().default(true),
    /** Guests may read the approved guestbook messages; by default only the hosts do. */
    enablePublicGuestbook: boolean('enable_public_guestbook').notNull().default(false),
    /** "Find me" (Premium and Elite): the album's photos are indexed by face and guests may search them with a selfie. */
    enableFaceSearch: boolean('enable_face_search').notNull().default(false),
    /** The host's IANA time zone, from their browser at personalization: the upload window ends at midnight there. '' unknown. */
    timeZone: text('time_zone').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('customizations_user_idx').on(table.userId)],
);

export interface PackageSnapshot {
  tier: 'basic' | 'plus' | 'premium' | 'elite';
  billingType: 'subscription' | 'one_time';
  addons: string[];
  guestLimit: number;
  photoLimit: number;
  /** null: unlimited. */
  videoLimit: number | null;
  hasWatermark: boolean;
  validFrom: string;
  /** null: the upload window never closes. */
  validUntil: string | null;
  /** Guestbook messages the album takes, in every state; null: unlimited. */
  messageLimit: number | null;
  /** Sections the host may divide the album into (1: the whole album). */
  sectionLimit: number;
  /** Whether a guestbook message may carry a voice note. */
  voiceNotes: boolean;
}

/** The album a completed customization produced; its name and date are read from the customization. */
export const albums = pgTable('albums', {
  id: uuid('id').primaryKey().defaultRandom(),
  customizationId: uuid('customization_id')
    .notNull()
    .unique()
    .references(() => customizations.id, { onDelete: 'cascade' }),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessCode: text('access_code').notNull().unique(),
  packageSnapshot: jsonb('package_snapshot').$type<PackageSnapshot>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The codes an album had before its host changed them: a look-up by one answers "the code changed"
 * and opens nothing, and no album is ever given one again (migration 0021's trigger).
 */
export const albumRetiredCodes = pgTable(
  'album_retired_codes',
  {
    accessCode: text('access_code').primaryKey(),
    albumId: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('album_retired_codes_album_idx').on(table.albumId)],
);

export const itineraryEntries = pgTable(
  'itinerary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customizationId: uuid('customization_id')
      .notNull()
      .references(() => customizations.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull(),
    time: text('time').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('itinerary_customization_idx').on(table.customizationId)],
);

export type CustomizationRow = typeof customizations.$inferSelect;
export type AlbumRow = typeof albums.$inferSelect;
export type ItineraryEntryRow = typeof itineraryEntries.$inferSelect;

/**
 * An album as guests see it: its own row plus what its customization says about the event (the
 * albums module reads it; the access policy grants it to album routes).
 */
export interface GuestAlbumRow {
  album: AlbumRow;
  eventName: string;
  eventDate: string | null;
  eventLocation: string;
  eventDescription: string;
  coverImageUrl: string;
  musicUrl: string;
  enableVerification: boolean;
  enableGuestDownloads: boolean;
  enablePublicGuestbook: boolean;
  fontType: string;
  timeZone: string;
  itinerary: ItineraryEntryRow[];
}
