import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Usage events from the web client (spec 000 §7); event_id makes a resent event land once. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').unique(),
    sessionId: text('session_id').notNull(),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>().notNull(),
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tracking_events_type_received_idx').on(table.eventType, table.receivedAt),
    index('tracking_events_session_idx').on(table.sessionId),
  ],
);

/** The home page's one-per-browser "initial form": a visitor marker plus where they came from. */
export const initialForms = pgTable('initial_forms', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  sessionId: text('session_id'),
  ip: text('ip'),
  country: text('country'),
  countryCode: text('country_code'),
  city: text('city'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TrackingEventRow = typeof trackingEvents.$inferSelect;
