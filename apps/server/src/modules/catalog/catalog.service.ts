import { isAddonCompatible, type AddonType, type BillingType, type Product } from '@momentos/contract';
import type { ProductRow } from '../../db/schema/index.js';
import { AppError } from '../../platform/http/app-error.js';
import type { CatalogRepository } from './catalog.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    productId: row.providerProductId,
    priceId: row.providerPriceId,
    name: row.name,
    description: row.description,
    price: row.priceMinor / 100,
    unitAmount: row.priceMinor,
    currency: row.currency,
    active: row.active,
    metadata: {
      type: row.billingType,
      tier: row.tier,
      is_addon: row.isAddon,
      addon_type: row.addonType as AddonType | null,
    },
  };
}

export function createCatalogService(repo: CatalogRepository) {
  async function findPlan(planId: string): Promise<ProductRow> {
    const row = UUID.test(planId) ? await repo.findById(planId) : await repo.findByProviderProductId(planId);
    if (!row || row.isAddon || !row.tier || !row.active) throw AppError.notFound('Plan not found');
    return row;
  }

  return {
    /** Active base plans of one billing type, ordered basic, plus, premium, elite. */
    async listPlans(billingType: BillingType): Promise<Product[]> {
      return (await repo.listActiveBasePlans(billingType)).map(toProduct);
    },

    /** The add-ons a plan (by our id or the provider's product id) can be bought with. */
    async listCompatibleAddons(planId: string): Promise<Product[]> {
      const plan = await findPlan(planId);
      const addons = await repo.listActiveAddons();
      return addons.filter((addon) => isAddonCompatible(addon.addonType as AddonType, plan.tier!)).map(toProduct);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
