import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orderItems, orders, paymentCustomers, paymentEvents, type OrderRow } from '../../db/schema/index.js';

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
      const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
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
      await db.update(orders).set({ ...values, updatedAt: new Date() }).where(eq(orders.id, id));
    },
    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },
    async findOrderBySession(providerSessionId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.providerSessionId, providerSessionId));
      return row;
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
    async updateSubscription(subscriptionId: string, values: { paidUntil?: Date | null; subscriptionEndedAt?: Date | null }) {
      await db.update(orders).set({ ...values, updatedAt: new Date() }).where(eq(orders.providerSubscriptionId, subscriptionId));
    },

    /**
     * Records a provider event and applies it in one transaction; returns false, applying
     * nothing, when the event was already recorded.
     */
    async applyEventOnce(event: { id: string; provider: string; type: string }, apply: (tx: Database) => Promise<void>) {
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
