import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased so that comparison is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['host', 'agent'] })
      .notNull()
      .default('host'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language the person uses the site in ('es' | 'en'): their e-mails are written in it alone. */
    language: text('language', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    signupTrackingSessionId: text('signup_tracking_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;
