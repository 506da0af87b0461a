-- Stable keys for the seeded catalogue, so a provider sync can replace the provider ids.
UPDATE "products" SET "sku" = regexp_replace("provider_price_id", '^price_', '') WHERE "sku" IS NULL;
