// The catalog module's public face: the rest of the server imports only what is exported here.
export { catalogModule } from './catalog.module.js';
export { createCatalogRepository, type CatalogRepository } from './catalog.repository.js';
export { productName } from './product-names.js';
export { syncCatalogToStripe } from './stripe-catalog-sync.js';
