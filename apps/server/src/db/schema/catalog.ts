import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Base plans and add-ons. Prices are integer minor units; `providerProductId` and
 * `providerPriceId` are the payment provider's ids for the same item.
 */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** A stable key (basic_monthly, addon_extra_guests) that a provider sync finds its ids by. */
  sku: text('sku').unique(),
  providerProductId: text('provider_product_id').notNull().unique(),
  providerPriceId: text('provider_price_id').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('usd'),
  active: boolean('active').notNull().default(true),
  billingType: text('billing_type', { enum: ['subscription', 'one_time'] }).notNull(),
  tier: text('tier', { enum: ['basic', 'plus', 'premium', 'elite'] }),
  isAddon: boolean('is_addon').notNull().default(false),
  addonType: text('addon_type'),
  sortOrder: integer('sort_order').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The 15 personalization fonts of spec 001 section 9. */
export const fonts = pgTable('fonts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  genericFamily: text('generic_family', { enum: ['sans', 'serif', 'mono'] }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export type ProductRow = typeof products.$inferSelect;
export type FontRow = typeof fonts.$inferSelect;
