import type Stripe from 'stripe';
import type { ProductRow } from '../../db/schema/index.js';
import type { CatalogRepository } from './catalog.repository.js';

/**
 * Creates or updates every catalogue item in Stripe and stores Stripe's ids in the catalogue.
 * Prices are found again by their lookup key (the item's sku); a changed amount gets a new
 * price that takes the lookup key over, since Stripe prices cannot change.
 */
export async function syncCatalogToStripe(stripe: Stripe, catalog: CatalogRepository) {
  const summary = { created: 0, unchanged: 0 };
  for (const item of await catalog.listAll()) {
    if (!item.sku) continue;
    const isRecurring = item.billingType === 'subscription' && !item.isAddon;
    const { data } = await stripe.prices.list({ lookup_keys: [item.sku], limit: 1 });
    const existing = data[0];
    if (existing && matches(existing, item, isRecurring)) {
      await catalog.updateProviderIds(item.id, productIdOf(existing), existing.id);
      summary.unchanged++;
      continue;
    }
    const productId = existing
      ? productIdOf(existing)
      : (await stripe.products.create({ name: item.name, description: item.description, metadata: { sku: item.sku } }))
          .id;
    const price = await stripe.prices.create({
      product: productId,
      unit_amount: item.priceMinor,
      currency: item.currency,
      lookup_key: item.sku,
      transfer_lookup_key: true,
      ...(isRecurring ? { recurring: { interval: 'month' } } : {}),
    });
    await catalog.updateProviderIds(item.id, productId, price.id);
    summary.created++;
  }
  return summary;
}

function matches(price: Stripe.Price, item: ProductRow, isRecurring: boolean) {
  return (
    price.unit_amount === item.priceMinor &&
    price.currency === item.currency &&
    Boolean(price.recurring) === isRecurring
  );
}

function productIdOf(price: Stripe.Price): string {
  return typeof price.product === 'string' ? price.product : price.product.id;
}
