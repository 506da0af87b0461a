import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AccessNeed } from './modules/access/index.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { createMailer, startOutboxDelivery, type Mailer } from './platform/mailer/mailer.js';
import { createRateLimiter } from './platform/rate-limit/rate-limiter.js';
import { registerGracefulClose } from './platform/http/graceful-close.js';
import { registerErrorHandler, registerNotFoundHandler } from './platform/http/error-handler.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { LOG_REDACT_PATHS, registerRequestLogging } from './platform/http/request-logging.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import { inlineScriptHashes, registerSpa, type PageFill } from './platform/http/spa.js';
import { createProcessingSlots } from './platform/images/processing-slots.js';
import { languageForVisitor } from './modules/geo/index.js';
import { registerFeatures } from './features.js';
import type { AlbumEvents } from './modules/albums/index.js';
import { createDatabaseAlbumEvents } from './modules/albums/index.js';
import { createAlbumReadCache } from './modules/albums/index.js';
import type { BlobStore } from './platform/blob-store/blob-store.js';
import { createBlobStore } from './platform/blob-store/create-blob-store.js';
import { sweepPartialFiles } from './platform/blob-store/sweep-partials.js';
import { createPaymentProvider } from './platform/payments/create-payment-provider.js';
import type { PaymentProvider } from './platform/payments/payment-provider.js';

export interface AppServices {
  database: DatabaseHandle;
  mailer: Mailer;
  paymentProvider: PaymentProvider;
  blobStore: BlobStore;
  /** Live album events (new photos) for the SSE streams; see album-events.ts. */
  albumEvents: AlbumEvents;
}

/** One registered endpoint; HEAD twins of GET routes are left out. */
export interface RouteEntry {
  method: string;
  url: string;
  /** Whether the route declares a body schema (the input-fuzzing test feeds those bad bodies). */
  takesBody: boolean;
  /** The query parameters its schema declares (the tests find `?code=` and paging parameters here). */
  queryKeys: string[];
  /** Whether it reads a multipart form (`consumes`), which the input-fuzzing test sends malformed. */
  takesMultipart: boolean;
  /** Who may call it, as the route states it for the access policy (pages and static files: none). */
  access: AccessNeed | undefined;
}

function queryKeysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route the server registered: the authorization matrix test checks each one has an entry. */
    routeTable: RouteEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open database; otherwise one is opened from the configuration and closed with the app. */
  database?: DatabaseHandle;
  /** Where log lines go (standard output by default); tests read them from here. */
  logStream?: { write(line: string): void };
}

/**
 * Fastify takes addresses and CIDRs as they are, but no longer a hop count; a count trusts the
 * nearest hops whoever they are, so it is safe only when nothing but the proxy reaches the server.
 */
function trustProxyOf(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole server: plugins first, then infrastructure, then each feature's routes. */
export async function buildApp({
  config,
  database: givenDatabase,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      ...(logStream ? { stream: logStream } : {}),
    },
    // request-logging.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const queryKeys = queryKeysOf(route.schema?.querystring);
    const takesMultipart = Boolean(route.schema?.consumes?.includes('multipart/form-data'));
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        takesBody: Boolean(route.schema?.body),
        queryKeys,
        takesMultipart,
        access: route.config?.access,
      });
    }
  });

  const database =
    givenDatabase ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pglite') }));
  if (!givenDatabase) app.addHook('onClose', () => database.close());
  if (database.kind === 'postgres' && !config.MEDIA_URL_SECRET) {
    // On PostgreSQL the product may run as several servers, which must sign media URLs alike.
    app.log.warn(
      "MEDIA_URL_SECRET is not set: each server signs media URLs with its own key, so several servers reject each other's links",
    );
  }

  const mailer = createMailer({
    db: database.db,
    logger: app.log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryForMs: config.MAIL_RETRY_FOR_HOURS * 3_600_000,
  });
  const rateLimiter = createRateLimiter(database.db);
  const paymentProvider = await createPaymentProvider(config, database.db);
  const mediaDir = path.join(config.dataDir, 'media');
  const blobStore = await createBlobStore(config, mediaDir);
  // In the background: a crash can leave temporary files (uploads are received on the local disk
  // whichever store keeps them), but the start need not wait for them.
  sweepPartialFiles(mediaDir)
    .then((removed) => removed > 0 && app.log.info({ removed }, 'removed temporary media files left by a crash'))
    .catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep temporary media files'));
  // Fan-out through the database's LISTEN/NOTIFY, so every server behind a load balancer hears
  // every upload (docs/decisions.md, "Several servers").
  const albumReadCache = createAlbumReadCache({
    ttlMs: config.ALBUM_READ_CACHE_TTL_MS,
    maxAlbums: 2_000,
    maxKeysPerAlbum: 200,
  });
  const albumEvents = await createDatabaseAlbumEvents(database, app.log, {
    onAlbumChanged: (albumId, change) => albumReadCache.invalidate(albumId, change),
    onMissedNotices: () => albumReadCache.clear(),
  });
  // Read-your-writes: each service that writes an album's rows makes this server forget what the
  // write made stale before it answers (albums/album-events.ts, announcerOf).
  // Open event streams never end by themselves: end them first, or close() would wait for ever.
  app.addHook('preClose', async () => albumEvents.closeAll());
  // Once no request is left, drop the listening connection, or the process would stay alive.
  app.addHook('onClose', () => albumEvents.stop());
  app.decorate('services', { database, mailer, paymentProvider, blobStore, albumEvents });

  // Before any route: Fastify hands each plugin the error handler in force when it registers.
  registerErrorHandler(app);
  registerRequestLogging(app);
  registerGracefulClose(app);
  registerSecurityHeaders(app, inlineScriptHashes(config.WEB_DIST_DIR));
  await registerOpenApi(app);

  const pageFills: PageFill[] = [];
  await registerFeatures(app, {
    config,
    database,
    mailer,
    rateLimiter,
    paymentProvider,
    blobStore,
    albumEvents,
    albumReadCache,
    runInSlot: createProcessingSlots(config.MEDIA_PROCESSING_CONCURRENCY),
    pageFills,
  });

  // After the features: their outcome hooks (a digest's uploads told) must be in place first.
  startOutboxDelivery(app, mailer, config.SMTP_URL ? config.MAIL_OUTBOX_SWEEP_MS : 0);

  const spaFallback = await registerSpa(
    app,
    config.WEB_DIST_DIR,
    (request) => languageForVisitor(request.ip, request.headers['accept-language']),
    pageFills,
  );
  registerNotFoundHandler(app, spaFallback);
  return app;
}
