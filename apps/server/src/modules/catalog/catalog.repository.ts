import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema/index.js';

export function createCatalogRepository(db: Database) {
  return {
    listActiveBasePlans(billingType: ProductRow['billingType']): Promise<ProductRow[]> {
      return db
        .select()
        .from(products)
        .where(and(eq(products.active, true), eq(products.isAddon, false), eq(products.billingType, billingType)))
        .orderBy(asc(products.sortOrder));
    },
    listActiveAddons(): Promise<ProductRow[]> {
      return db
        .select()
        .from(products)
        .where(and(eq(products.active, true), eq(products.isAddon, true)))
        .orderBy(asc(products.sortOrder));
    },
    async findById(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },
    async findByProviderProductId(productId: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.providerProductId, productId));
      return row;
    },
    listAll(): Promise<ProductRow[]> {
      return db.select().from(products).orderBy(asc(products.sortOrder));
    },
    async updateProviderIds(id: string, providerProductId: string, providerPriceId: string) {
      await db.update(products).set({ providerProductId, providerPriceId }).where(eq(products.id, id));
    },
    async findByProviderPriceIds(priceIds: string[]): Promise<ProductRow[]> {
      if (priceIds.length === 0) return [];
      return db.select().from(products).where(inArray(products.providerPriceId, priceIds));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
