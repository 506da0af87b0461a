import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albums,
  orderItems,
  orders,
  paymentCustomers,
  paymentEvents,
  products,
  type OrderRow,
} from '../../db/schema/index.js';

type Provider = OrderRow['provider'];

export function createCheckoutRepository(db: Database) {
  return {
    async findCustomerOfUser(userId: string, provider: Provider) {
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row;
    },
    async findCustomerByProviderId(providerCustomerId: string) {
      const [row] = await db
        .select()
        .from(paymentCustomers)
        .where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
      return row;
    },
    /** Inserts unless the user already has one (a concurrent request may have made it). */
    async insertCustomer(values: typeof paymentCustomers.$inferInsert) {
      await db.insert(paymentCustomers).values(values).onConflictDoNothing();
    },

    /** The order and its items are written together or not at all. */
    async insertOrder(values: typeof orders.$inferInsert, items: Array<{ productId: string; priceMinor: number }>) {
      return db.transaction(async (tx) => {
        const [order] = await tx.insert(orders).values(values).returning();
        await tx.insert(orderItems).values(items.map((item, position) => ({ ...item, orderId: order!.id, position })));
        return order!;
      });
    },
    async updateOrder(id: string, values: Partial<typeof orders.$inferInsert>) {
      await db
        .update(orders)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(orders.id, id));
    },
    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async findOrderBySession(providerSessionId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.providerSessionId, providerSessionId));
      return row;
    },
    /** The user's pending orders through one provider, newest first, each with its items in order. */
    async listPendingOrdersWithItems(userId: string, provider: Provider) {
      const rows = await db
        .select({ order: orders, productId: orderItems.productId, priceMinor: orderItems.priceMinor })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(and(eq(orders.userId, userId), eq(orders.provider, provider), eq(orders.paymentStatus, 'pending')))
        .orderBy(desc(orders.createdAt), asc(orderItems.position));
      const byOrder = new Map<string, { order: OrderRow; items: Array<{ productId: string; priceMinor: number }> }>();
      for (const { order, productId, priceMinor } of rows) {
        const entry = byOrder.get(order.id) ?? { order, items: [] };
        entry.items.push({ productId, priceMinor });
        byOrder.set(order.id, entry);
      }
      return [...byOrder.values()];
    },
    /** Points a pending order at a new provider session, unless another request already replaced `previousSessionId`. */
    async replaceOrderSession(
      id: string,
      previousSessionId: string | null,
      next: { providerSessionId: string; checkoutUrl: string },
    ) {
      const rows = await db
        .update(orders)
        .set({ ...next, updatedAt: new Date() })
        .where(
          and(
            eq(orders.id, id),
            eq(orders.paymentStatus, 'pending'),
            previousSessionId === null
              ? isNull(orders.providerSessionId)
              : eq(orders.providerSessionId, previousSessionId),
          ),
        )
        .returning({ id: orders.id });
      return rows.length === 1;
    },
    listOrdersOfUser(userId: string): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
    },

    /** Marks a pending or failed order paid; a completed one is left as it is (replays change nothing). */
    async completeOrder(id: string, values: { providerSubscriptionId: string | null; paidUntil: Date | null }) {
      const rows = await db
        .update(orders)
        .set({ paymentStatus: 'completed', completedAt: new Date(), updatedAt: new Date(), ...values })
        .where(and(eq(orders.id, id), ne(orders.paymentStatus, 'completed')))
        .returning({ id: orders.id });
      return rows.length === 1;
    },
    async failOrder(id: string) {
      await db
        .update(orders)
        .set({ paymentStatus: 'failed', updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.paymentStatus, 'pending')));
    },
    /** What the order bought, in order: a plan order starts with its plan, an add-on order holds add-ons only. */
    orderProducts(orderId: string) {
      return db
        .select({ isAddon: products.isAddon, addonType: products.addonType })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
    },
    /**
     * Adds a paid add-on order's add-ons to its album's package snapshot and marks the order used,
     * in one transaction with the album row locked; adding an add-on the album has changes nothing.
     * Only add-ons that change no limit are sold for an existing album (the contract's ZAlbumAddon).
     */
    async applyAddonOrder(order: Pick<OrderRow, 'id' | 'userId'>, albumId: string, addons: string[]) {
      return db.transaction(async (tx) => {
        const [album] = await tx
          .select()
          .from(albums)
          .where(and(eq(albums.id, albumId), eq(albums.userId, order.userId)))
          .for('update');
        if (!album) return false;
        const snapshot = album.packageSnapshot;
        const missing = addons.filter((addon) => !snapshot.addons.includes(addon));
        if (missing.length > 0) {
          const next = JSON.stringify([...snapshot.addons, ...missing].sort());
          await tx
            .update(albums)
            .set({ packageSnapshot: sql`jsonb_set(${albums.packageSnapshot}, '{addons}', ${next}::jsonb)` })
            .where(eq(albums.id, albumId));
        }
        await tx
          .update(orders)
          .set({ redeemed: true, updatedAt: new Date() })
          .where(and(eq(orders.id, order.id), eq(orders.redeemed, false)));
        return true;
      });
    },

    async updateSubscription(
      subscriptionId: string,
      values: { paidUntil?: Date | null; subscriptionEndedAt?: Date | null },
    ) {
      await db
        .update(orders)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(orders.providerSubscriptionId, subscriptionId));
    },

    /**
     * Records a provider event and applies it in one transaction; returns false, applying
     * nothing, when the event was already recorded.
     */
    async applyEventOnce(
      event: { id: string; provider: string; type: string },
      apply: (tx: Database) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentEvents)
          .values({ eventId: event.id, provider: event.provider, type: event.type })
          .onConflictDoNothing()
          .returning({ eventId: paymentEvents.eventId });
        if (inserted.length === 0) return false;
        await apply(tx as unknown as Database);
        return true;
      });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
