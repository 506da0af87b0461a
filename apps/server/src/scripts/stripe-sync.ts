import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createCatalogRepository } from '../modules/catalog/index.js';
import { syncCatalogToStripe } from '../modules/catalog/index.js';
import { createStripeClient } from '../platform/payments/stripe-provider.js';

/** `npm run stripe:sync`: puts the catalogue's products and prices in Stripe and stores their ids. */
async function main() {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) {
    console.error('Set STRIPE_SECRET_KEY (and DATABASE_URL or DATA_DIR for the catalogue to update).');
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: `${config.dataDir}/pglite` });
  const stripe = createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiUrl: config.STRIPE_API_URL });
  const summary = await syncCatalogToStripe(stripe, createCatalogRepository(database.db));
  console.warn(`Stripe catalogue synced: ${summary.created} prices created, ${summary.unchanged} unchanged.`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
