import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { users } from './users.js';

/** The payment provider's customer for a user; one per user and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_customers_user_provider').on(table.userId, table.provider)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => paymentCustomers.id),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    billingType: text('billing_type', { enum: ['subscription', 'one_time'] }).notNull(),
    /** Total in minor units, computed by the server from the catalogue. */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    redeemed: boolean('redeemed').notNull().default(false),
    checkoutUrl: text('checkout_url'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** For monthly plans: the end of the period paid for so far. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    subscriptionEndedAt: timestamp('subscription_ended_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    index('orders_subscription_idx').on(table.providerSubscriptionId),
  ],
);

/** What was bought, priced at the time of purchase: the plan first, then its add-ons. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    priceMinor: integer('price_minor').notNull(),
  },
  (table) => [index('order_items_order_idx').on(table.orderId)],
);

/** Provider events already applied; the primary key makes each one apply exactly once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The built-in sandbox provider's own checkout sessions (what Stripe would keep on its side). */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  customerEmail: text('customer_email').notNull(),
  mode: text('mode', { enum: ['payment', 'subscription'] }).notNull(),
  lineItems: jsonb('line_items').$type<Array<{ name: string; amountMinor: number }>>().notNull(),
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
    .notNull()
    .default('unpaid'),
  lastDeclinedAt: timestamp('last_declined_at', { withTimezone: true }),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type PaymentCustomerRow = typeof paymentCustomers.$inferSelect;
export type SandboxCheckoutSessionRow = typeof sandboxCheckoutSessions.$inferSelect;
