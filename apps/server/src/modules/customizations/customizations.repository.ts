import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  albums,
  customizations,
  fonts,
  orderItems,
  orders,
  products,
  type AlbumRow,
  type CustomizationRow,
  type OrderRow,
} from '../../db/schema/index.js';

export type CustomizationUpdate = Partial<
  Omit<typeof customizations.$inferInsert, 'id' | 'orderId' | 'userId' | 'createdAt'>
>;

export function createCustomizationsRepository(db: Database) {
  return {
    async findOrder(orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },
    /** The plan's tier and billing type and the add-on types bought with it. */
    async findOrderEntitlement(orderId: string) {
      const rows = await db
        .select({
          tier: products.tier,
          isAddon: products.isAddon,
          addonType: products.addonType,
          billingType: products.billingType,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
      const plan = rows.find((row) => !row.isAddon && row.tier);
      if (!plan?.tier) return undefined;
      return {
        tier: plan.tier,
        billingType: plan.billingType,
        addons: rows.filter((row) => row.isAddon && row.addonType).map((row) => row.addonType!),
      };
    },
    /** Creates the order's customization, or leaves the one a concurrent request made. */
    async insertCustomization(orderId: string, userId: string) {
      await db.insert(customizations).values({ orderId, userId }).onConflictDoNothing();
      const [row] = await db.select().from(customizations).where(eq(customizations.orderId, orderId));
      return row!;
    },
    async findCustomization(id: string): Promise<CustomizationRow | undefined> {
      const [row] = await db.select().from(customizations).where(eq(customizations.id, id));
      return row;
    },
    listCustomizationsOfUser(userId: string): Promise<CustomizationRow[]> {
      return db
        .select()
        .from(customizations)
        .where(eq(customizations.userId, userId))
        .orderBy(desc(customizations.createdAt));
    },
    async updateCustomization(id: string, values: CustomizationUpdate) {
      const [row] = await db
        .update(customizations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(customizations.id, id))
        .returning();
      return row!;
    },
    async findAlbumOfCustomization(customizationId: string): Promise<AlbumRow | undefined> {
      const [row] = await db.select().from(albums).where(eq(albums.customizationId, customizationId));
      return row;
    },
    async listAlbumsOfUser(userId: string): Promise<AlbumRow[]> {
      return db.select().from(albums).where(eq(albums.userId, userId));
    },
    /** Inserts the album unless the code is taken (undefined) or the customization has one already. */
    async insertAlbum(values: typeof albums.$inferInsert): Promise<AlbumRow | undefined> {
      const [row] = await db.insert(albums).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Moves the album's upload window; only that key of the frozen snapshot changes. */
    async setValidUntil(albumId: string, validUntil: string | null) {
      await db
        .update(albums)
        .set({
          packageSnapshot: sql`jsonb_set(${albums.packageSnapshot}, '{validUntil}', ${JSON.stringify(validUntil)}::jsonb)`,
        })
        .where(eq(albums.id, albumId));
    },
    async markCompleted(customizationId: string, orderId: string) {
      await db
        .update(customizations)
        .set({ status: 'completed', updatedAt: new Date() })
        .where(eq(customizations.id, customizationId));
      await db.update(orders).set({ redeemed: true, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },
    listFonts() {
      return db.select().from(fonts).orderBy(asc(fonts.sortOrder));
    },
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },
  };
}

export type CustomizationsRepository = ReturnType<typeof createCustomizationsRepository>;
