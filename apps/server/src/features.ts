import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import type { BlobStore } from './platform/blob-store/blob-store.js';
import type { Mailer } from './platform/mailer/mailer.js';
import { isSandboxProvider } from './platform/payments/create-payment-provider.js';
import type { PaymentProvider } from './platform/payments/payment-provider.js';
import type { PageFill } from './platform/http/spa.js';
import type { RateLimiter } from './platform/rate-limit/rate-limiter.js';
import { albumLiveRoutes } from './modules/albums/index.js';
import type { AlbumEvents } from './modules/albums/index.js';
import { albumsRoutes } from './modules/albums/index.js';
import { createAccessCodeService } from './modules/albums/index.js';
import { authRoutes } from './modules/auth/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { checkoutRoutes } from './modules/checkout/index.js';
import { createAuthRepository } from './modules/auth/index.js';
import { createAuthService } from './modules/auth/index.js';
import { createSharedGrantCache } from './modules/auth/index.js';
import { createCatalogRepository } from './modules/catalog/index.js';
import { createCatalogService } from './modules/catalog/index.js';
import { createCheckoutRepository } from './modules/checkout/index.js';
import { createCheckoutService } from './modules/checkout/index.js';
import { createCustomizationsRepository } from './modules/customizations/index.js';
import { createCustomizationsService } from './modules/customizations/index.js';
import { createItineraryRepository } from './modules/customizations/index.js';
import { createItineraryService } from './modules/customizations/index.js';
import { createPaymentConfirmationService } from './modules/checkout/index.js';
import { createTicketRepository } from './modules/help-center/index.js';
import { createTicketService } from './modules/help-center/index.js';
import { createTrackingRepository } from './modules/tracking/index.js';
import { createTrackingService } from './modules/tracking/index.js';
import { customizationsRoutes } from './modules/customizations/index.js';
import { createDashboardRepository } from './modules/dashboard/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { createDashboardService } from './modules/dashboard/index.js';
import { createHostPhotosService } from './modules/photos/index.js';
import { hostPhotosRoutes } from './modules/photos/index.js';
import { createHostLinkSigner } from './modules/access/index.js';
import { examplesRoutes } from './modules/examples/index.js';
import { geoRoutes } from './modules/geo/index.js';
import { createAlbumPhotosService } from './modules/photos/index.js';
import { createAlbumCodeGate } from './modules/access/index.js';
import { createGuestPasses } from './modules/access/index.js';
import { createAccessPolicy, registerAccessPolicy } from './modules/access/index.js';
import type { AlbumReadCache } from './modules/albums/index.js';
import { createBurstRateLimiter } from './platform/rate-limit/burst-rate-limiter.js';
import { createRememberedKeys } from './platform/rate-limit/remembered-keys.js';
import { createFailureDelay } from './platform/rate-limit/failure-delay.js';
import { createGuestsRepository } from './modules/guests/index.js';
import { createAlbumsRepository } from './modules/albums/index.js';
import { guestsRoutes } from './modules/guests/index.js';
import { guestPageFill } from './modules/albums/index.js';
import { createGuestsService } from './modules/guests/index.js';
import { createPhotoUploadService } from './modules/photos/index.js';
import { createMediaJobs } from './modules/photos/index.js';
import { createPhotosRepository } from './modules/photos/index.js';
import { photosRoutes } from './modules/photos/index.js';
import { createRenditionSigner } from './modules/photos/index.js';
import { registerResumableUploads } from './modules/photos/index.js';
import { startNoticesDigest } from './modules/photos/index.js';
import { createGuestbookArchive, createGuestbookRepository } from './modules/guestbook/index.js';
import { createVoiceNoteCopies } from './modules/guestbook/index.js';
import { registerGuestbook } from './modules/guestbook/index.js';
import { createSectionsRepository } from './modules/sections/index.js';
import { createSectionsService } from './modules/sections/index.js';
import { hostSectionsRoutes } from './modules/sections/index.js';
import { sectionsRoutes } from './modules/sections/index.js';
import type { AlbumZipLayouts } from './modules/photos/index.js';
import { createZipLayoutCache } from './modules/photos/index.js';
import { createProcessingSlots } from './platform/images/processing-slots.js';
import { ffprobeBeside } from './platform/media/video-probe.js';
import { healthRoutes } from './modules/health/index.js';
import { itineraryRoutes } from './modules/customizations/index.js';
import { sandboxCheckoutRoutes } from './modules/sandbox-checkout/index.js';
import { startReplyEmailSweep } from './modules/help-center/index.js';
import { ticketRoutes } from './modules/help-center/index.js';
import { trackingRoutes } from './modules/tracking/index.js';
import { uploadsRoutes } from './modules/customizations/index.js';
import { webhookRoutes } from './modules/checkout/index.js';
import { addonCheckoutRoutes } from './modules/checkout/index.js';
import { createAddonCheckoutService } from './modules/checkout/index.js';

export interface FeatureDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  paymentProvider: PaymentProvider;
  blobStore: BlobStore;
  albumEvents: AlbumEvents;
  albumReadCache: AlbumReadCache;
}

/** Wires each feature's repository, service and routes; app.ts owns the infrastructure around them. */
export async function registerFeatures(
  app: FastifyInstance,
  { config, database, mailer, rateLimiter, paymentProvider, blobStore, albumEvents, albumReadCache }: FeatureDeps,
) {
  // Signed-in requests check their token in memory; the database announces every revocation to every server.
  const grants = await createSharedGrantCache(database, app.log);
  app.addHook('onClose', () => grants.close());
  const authService = createAuthService({
    repo: createAuthRepository(database.db),
    mailer,
    rateLimiter,
    failureDelay: createFailureDelay(database.db),
    knownDevices: createRememberedKeys(database.db),
    config,
    grants,
  });
  const guestsRepository = createGuestsRepository(database.db);
  const albumsRepository = createAlbumsRepository(database.db);
  const photosRepository = createPhotosRepository(database.db);
  const guestbookRepository = createGuestbookRepository(database.db);
  const sectionsRepository = createSectionsRepository(database.db);
  const checkoutRepository = createCheckoutRepository(database.db);
  const customizationsRepository = createCustomizationsRepository(database.db);
  const ticketRepo = createTicketRepository(database.db);
  const renditionSigner = createRenditionSigner(config.MEDIA_URL_SECRET);
  const hostLinks = createHostLinkSigner(config.MEDIA_URL_SECRET);
  const codeGate = createAlbumCodeGate({
    repo: albumsRepository,
    cache: albumReadCache,
    // Right codes are never counted, so a whole party opening the album writes no counter.
    rateLimiter,
    limits: {
      perAddressPerMinute: config.ALBUM_CODE_RATE_LIMIT_PER_IP,
      perAddressPerDay: config.ALBUM_CODE_RATE_LIMIT_PER_IP_PER_DAY,
      perAddressPerMonth: config.ALBUM_CODE_RATE_LIMIT_PER_IP_PER_MONTH,
      perBlockPerDay: config.ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_DAY,
      perBlockPerMonth: config.ALBUM_CODE_RATE_LIMIT_PER_BLOCK_PER_MONTH,
      attackWrongPerMinute: config.ALBUM_CODE_ATTACK_WRONG_PER_MINUTE,
      attackWrongPerDay: config.ALBUM_CODE_ATTACK_WRONG_PER_DAY,
      underAttackPerAddressPerDay: config.ALBUM_CODE_UNDER_ATTACK_PER_IP_PER_DAY,
      underAttackPerBlockPerDay: config.ALBUM_CODE_UNDER_ATTACK_PER_BLOCK_PER_DAY,
    },
  });
  const guestPasses = createGuestPasses(albumsRepository, guestsRepository, albumReadCache);
  // Before any route: every route states its need and this one policy decides (access-policy.ts).
  const access = createAccessPolicy({
    findUser: (token) => authService.findAccessGrant(token),
    album: guestPasses.album,
    guestByToken: guestPasses.guestByToken,
    albumOfPhoto: (photoId) => photosRepository.findAlbumIdOfPhoto(photoId),
    customizationOwner: async (id) => (await customizationsRepository.findCustomization(id))?.userId,
    orderOwner: async (id) => (await checkoutRepository.findOrder(id))?.userId,
    ticket: (id) => ticketRepo.findTicket(id),
    codeGate,
    links: hostLinks,
    renditions: renditionSigner,
  });
  registerAccessPolicy(app, access);

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { prefix: '/api/auth', authService, publicUrl: config.publicUrl });
  const catalogRepository = createCatalogRepository(database.db);
  await app.register(catalogRoutes, { prefix: '/api/stripe', catalogService: createCatalogService(catalogRepository) });

  const confirmation = createPaymentConfirmationService(checkoutRepository, paymentProvider);
  const checkoutService = createCheckoutService({
    repo: checkoutRepository,
    catalog: catalogRepository,
    provider: paymentProvider,
    confirmation,
    rateLimiter,
    config,
  });
  await app.register(checkoutRoutes, { prefix: '/api', checkoutService });
  const addonCheckout = createAddonCheckoutService({
    repo: checkoutRepository,
    catalog: catalogRepository,
    provider: paymentProvider,
    rateLimiter,
    config,
    customers: checkoutService,
  });
  await app.register(addonCheckoutRoutes, { prefix: '/api', service: addonCheckout });
  await app.register(webhookRoutes, { prefix: '/api', confirmation });
  if (isSandboxProvider(paymentProvider)) {
    await app.register(sandboxCheckoutRoutes, { sandbox: paymentProvider, confirmation });
  }

  const customizationsService = createCustomizationsService(customizationsRepository, config, albumEvents);
  await app.register(customizationsRoutes, { prefix: '/api/customizations', service: customizationsService });
  const itineraryService = createItineraryService(createItineraryRepository(database.db), albumEvents);
  await app.register(itineraryRoutes, { prefix: '/api/customizations', service: itineraryService });
  const accessCodes = createAccessCodeService({
    repo: albumsRepository,
    rateLimiter,
    changes: albumEvents,
    publicUrl: config.publicUrl,
  });
  await app.register(albumsRoutes, { prefix: '/api', publicUrl: config.publicUrl, accessCodes });
  await app.register(uploadsRoutes, { blobStore });
  const ticketService = createTicketService({ repo: ticketRepo, rateLimiter, config });
  await app.register(ticketRoutes, { prefix: '/api/tickets', ticketService });
  startReplyEmailSweep(app, { repo: ticketRepo, mailer, config });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  const trackingService = createTrackingService({
    repo: createTrackingRepository(database.db),
    // Hundreds of phones behind one venue's address must not queue on one counter row.
    rateLimiter: createBurstRateLimiter(rateLimiter, { syncEveryMs: 100 }),
    limits: {
      perIp: config.TRACKING_RATE_LIMIT_PER_IP,
      perSession: config.TRACKING_RATE_LIMIT_PER_SESSION,
      windowSeconds: config.TRACKING_RATE_LIMIT_WINDOW_SECONDS,
    },
  });
  await app.register(trackingRoutes, { prefix: '/api', trackingService });
  const guestsService = createGuestsService({ repo: guestsRepository, changes: albumEvents });
  await app.register(guestsRoutes, { prefix: '/api', service: guestsService });
  const runInSlot = createProcessingSlots(config.MEDIA_PROCESSING_CONCURRENCY);
  const publishApproved = (albumId: string, photoId: string) =>
    albumEvents.publish(albumId, { type: 'photo', photoId });
  const mediaJobs = createMediaJobs({ database, blobStore, events: albumEvents, config });
  const voiceCopies = createVoiceNoteCopies({ db: database.db, queue: mediaJobs.queue, blobStore, config });
  if (config.MEDIA_WORKERS > 0) {
    const workers = await mediaJobs.startWorkers(app.log, config.MEDIA_WORKERS, [voiceCopies.handler]);
    // Once the requests are answered and before the database closes (onClose hooks run last-added
    // first): the jobs in flight go back to the queue for the next start. As a preClose hook it held
    // up the close of a server with an open live stream on PostgreSQL.
    app.addHook('onClose', () => workers.stop());
  }
  const sections = createSectionsService({
    repo: sectionsRepository,
    cache: albumReadCache,
    photoCounts: (albumId) => photosRepository.countBySection(albumId),
    changes: albumEvents,
  });
  await app.register(sectionsRoutes, { prefix: '/api', service: sections });
  await app.register(hostSectionsRoutes, { prefix: '/api/events', service: sections });
  const photoUpload = createPhotoUploadService({
    sectionExists: (albumId, sectionId) => sections.exists(albumId, sectionId),
    playback: mediaJobs.videoPlayback,
    changes: albumEvents,
    photos: photosRepository,
    blobStore,
    runInSlot,
    ffmpegPath: config.FFMPEG_PATH,
    ffprobePath: config.FFPROBE_PATH,
    onApproved: publishApproved,
  });
  await registerResumableUploads(app, { config, database, photos: photosRepository, upload: photoUpload, blobStore });
  startNoticesDigest(app, { db: database.db, mailer, config, messages: guestbookRepository.notices });
  await app.register(photosRoutes, {
    prefix: '/api',
    upload: photoUpload,
    stagingDir: blobStore.stagingDir,
    photos: createAlbumPhotosService({
      changes: albumEvents,
      photos: photosRepository,
      blobStore,
      signer: renditionSigner,
      cache: albumReadCache,
    }),
  });
  await registerGuestbook(app, {
    repo: guestbookRepository,
    blobStore,
    signer: renditionSigner,
    cache: albumReadCache,
    changes: albumEvents,
    runInSlot,
    ffprobePath: config.FFPROBE_PATH ?? ffprobeBeside(config.FFMPEG_PATH),
    voiceCopies,
    sweepEveryMs: config.MEDIA_SWEEP_MS,
    underTest: config.NODE_ENV === 'test',
  });
  await app.register(albumLiveRoutes, { prefix: '/api', events: albumEvents, publicUrl: config.publicUrl });
  // One ZIP layout per album and photo set, shared by the download link and every resumed range.
  const zipLayouts: AlbumZipLayouts = createZipLayoutCache({ maxAlbums: 32 });
  app.decorate('zipLayouts', zipLayouts);
  const hostPhotos = createHostPhotosService({
    playback: mediaJobs.videoPlayback,
    albums: albumsRepository,
    photos: photosRepository,
    zipLayouts,
    blobStore,
    renditions: renditionSigner,
    links: hostLinks,
    changes: albumEvents,
    // A photo the host approves (or unhides) reaches open albums and slideshows at once.
    onApproved: (event) => publishApproved(event.albumId, event.photoId),
    archive: {
      sections: (albumId) => sectionsRepository.list(albumId),
      parts: [createGuestbookArchive({ repo: guestbookRepository, blobStore })],
    },
  });
  await app.register(hostPhotosRoutes, { prefix: '/api/events', service: hostPhotos });
  const dashboard = createDashboardService({
    repo: createDashboardRepository(database.db),
    photos: photosRepository,
    messages: guestbookRepository,
    sections: { partsInUse: (albumId) => sections.partsInUse(albumId) },
    publicUrl: config.publicUrl,
  });
  await app.register(dashboardRoutes, { prefix: '/api/events', service: dashboard });
  await app.register(examplesRoutes, {
    prefix: '/api/examples',
    db: database.db,
    seed:
      config.EXAMPLE_ALBUM === 'on'
        ? { guests: guestsRepository, albums: albumsRepository, upload: photoUpload, stagingDir: blobStore.stagingDir }
        : undefined,
  });

  /** Pages the web app's index.html is filled in for before it is sent (platform/http/spa.ts). */
  const pageFills: PageFill[] = [guestPageFill(access)];
  return { pageFills };
}
