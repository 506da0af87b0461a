import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { BlobStore } from './platform/blob-store/blob-store.js';
import type { ProcessingSlots } from './platform/images/processing-slots.js';
import type { Mailer } from './platform/mailer/mailer.js';
import type { PaymentProvider } from './platform/payments/payment-provider.js';
import type { PageFill } from './platform/http/spa.js';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { accessModule } from './modules/access/index.js';
import { albumPhotosModule } from './modules/album-photos/index.js';
import { albumsModule, type AlbumEvents, type AlbumReadCache } from './modules/albums/index.js';
import { archiveModule } from './modules/archive/index.js';
import { authModule } from './modules/auth/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { checkoutModule } from './modules/checkout/index.js';
import { customizationsModule } from './modules/customizations/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { examplesModule } from './modules/examples/index.js';
import { facesModule } from './modules/faces/index.js';
import { geoModule } from './modules/geo/index.js';
import { guestbookModule } from './modules/guestbook/index.js';
import { guestsModule } from './modules/guests/index.js';
import { healthModule } from './modules/health/index.js';
import { helpCenterModule } from './modules/help-center/index.js';
import { hostPhotosModule } from './modules/host-photos/index.js';
import { mediaJobsModule } from './modules/media-jobs/index.js';
import { sandboxCheckoutModule } from './modules/sandbox-checkout/index.js';
import { sectionsModule } from './modules/sections/index.js';
import { trackingModule } from './modules/tracking/index.js';
import { uploadsModule } from './modules/uploads/index.js';

/** What app.ts built for the modules; each module's options name the parts it takes. */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  paymentProvider: PaymentProvider;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
  /** The server's bound on image and media processing at once, shared by every module that decodes. */
  runInSlot: ProcessingSlots;
  /** Pages the web app's index.html is filled in for before it is sent (platform/http/spa.ts); modules add theirs. */
  pageFills: PageFill[];
}

/**
 * The modules, in the order they are registered. Each is a Fastify plugin (modules/<name>/index.ts)
 * that builds its repository, service and routes, gives the access policy its look-ups, and names
 * the modules it uses (fastify-plugin's `dependencies`), so a module listed before one it uses
 * stops the start. The access policy comes first: a route registered before it would not be checked.
 */
export async function registerFeatures(app: FastifyInstance, infrastructure: Infrastructure) {
  await app.register(accessModule, infrastructure);
  await app.register(healthModule, infrastructure);
  await app.register(authModule, infrastructure);
  await app.register(catalogModule, infrastructure);
  await app.register(checkoutModule, infrastructure);
  await app.register(sandboxCheckoutModule, infrastructure);
  await app.register(customizationsModule, infrastructure);
  await app.register(albumsModule, infrastructure);
  await app.register(guestsModule, infrastructure);
  await app.register(helpCenterModule, infrastructure);
  await app.register(geoModule, infrastructure);
  await app.register(trackingModule, infrastructure);
  await app.register(sectionsModule, infrastructure);
  await app.register(mediaJobsModule, infrastructure);
  await app.register(guestbookModule, infrastructure);
  await app.register(albumPhotosModule, infrastructure);
  await app.register(facesModule, infrastructure);
  await app.register(uploadsModule, infrastructure);
  await app.register(hostPhotosModule, infrastructure);
  await app.register(archiveModule, infrastructure);
  await app.register(dashboardModule, infrastructure);
  await app.register(examplesModule, infrastructure);
}
