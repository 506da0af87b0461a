import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findFaceModels, type FaceModelFiles } from './face-models.js';
import type { EngineReply, EngineStartReply, FoundFace, RgbImage } from './face-protocol.js';

/** A guest waiting on their selfie goes before the album's indexing, which nobody watches. */
export type FacePriority = 'search' | 'index';

export class FaceEngineUnavailableError extends Error {
  override name = 'FaceEngineUnavailableError';
}

export interface FaceEngineLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface FaceEngineOptions {
  /** The thread (about 270 MB with its models) ends after this long with nothing to do. */
  idleMs: number;
  logger: FaceEngineLogger;
  /** The models' folder; by default the one @vladmandic/human ships in node_modules. */
  modelDir?: string;
}

interface Pending {
  image: RgbImage;
  resolve(faces: FoundFace[]): void;
  reject(error: unknown): void;
}

/**
 * Production runs dist/face-thread.js (build.mjs makes it an entry of its own); the sources run
 * face-thread.ts, which a worker thread can load only through tsx's loader, registered inside it.
 */
function spawnThread(files: FaceModelFiles) {
  const isSource = import.meta.url.endsWith('.ts');
  const thread = new URL(isSource ? './face-thread.ts' : './face-thread.js', import.meta.url).href;
  if (!isSource) return new Worker(new URL(thread), { workerData: files });
  const tsx = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const boot = `const { tsImport } = await import(${JSON.stringify(pathToFileURL(tsx).href)});
await tsImport(${JSON.stringify(thread)}, ${JSON.stringify(thread)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { workerData: files });
}

/**
 * The face engine of this process: one worker thread, started at the first image and ended after
 * `idleMs` without one, describing one image at a time (tfjs' WebAssembly backend is single-threaded,
 * so indexing never takes more than one core). Selfie searches queue ahead of index jobs, so a guest
 * waits at most for the one photo in flight. Without its models the engine is unavailable and says so.
 */
export function createFaceEngine({ idleMs, logger, modelDir }: FaceEngineOptions) {
  const models = findFaceModels(modelDir);
  const queues: Record<FacePriority, Pending[]> = { search: [], index: [] };
  let thread: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let inFlight: (Pending & { id: number }) | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  if (!models.available) logger.warn({ reason: models.reason }, 'face search is unavailable: its models are missing');

  function stopThread(reason: Error) {
    const stopping = thread;
    thread = undefined;
    ready = undefined;
    if (inFlight) inFlight.reject(reason);
    inFlight = undefined;
    return stopping?.terminate();
  }

  function start(files: FaceModelFiles): Promise<Worker> {
    const worker = spawnThread(files);
    thread = worker;
    const started = Date.now();
    return new Promise<Worker>((resolve, reject) => {
      worker.once('message', (reply: EngineStartReply) => {
        if ('failed' in reply) return reject(new FaceEngineUnavailableError(reply.failed));
        logger.info({ ms: Date.now() - started, version: reply.version }, 'face engine started');
        worker.on('message', (answer: EngineReply) => settle(answer));
        resolve(worker);
      });
      worker.on('error', (error) => {
        reject(error);
        if (thread === worker) void stopThread(error);
      });
      worker.on('exit', (code) => {
        if (thread !== worker) return;
        void stopThread(new Error(`the face engine thread exited (${code})`));
        pump();
      });
    }).catch((error: unknown) => {
      if (thread === worker) void stopThread(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  }

  function settle(reply: EngineReply) {
    const current = inFlight;
    if (!current || current.id !== reply.id) return;
    inFlight = undefined;
    if (reply.error !== undefined) current.reject(new Error(reply.error));
    else current.resolve(reply.faces ?? []);
    pump();
  }

  function pump() {
    if (inFlight || !models.available) return;
    const next = queues.search.shift() ?? queues.index.shift();
    if (!next) {
      idleTimer = setTimeout(() => void stopThread(new Error('idle')), idleMs).unref();
      return;
    }
    clearTimeout(idleTimer);
    const job = { ...next, id: nextId++ };
    inFlight = job;
    ready ??= start(models.files);
    ready.then(
      (worker) => {
        const pixels = job.image.pixels.slice().buffer;
        worker.postMessage({ id: job.id, width: job.image.width, height: job.image.height, pixels }, [pixels]);
      },
      (error: unknown) => {
        if (inFlight === job) inFlight = undefined;
        job.reject(error);
        pump();
      },
    );
  }

  return {
    /** Whether the models were found; when not, "Find me" reports itself unavailable. */
    get isAvailable() {
      return models.available;
    },
    /** The faces in an image, with their descriptors; queued by priority behind the one in flight. */
    describe(image: RgbImage, priority: FacePriority): Promise<FoundFace[]> {
      if (!models.available) return Promise.reject(new FaceEngineUnavailableError(models.reason));
      return new Promise<FoundFace[]>((resolve, reject) => {
        queues[priority].push({ image, resolve, reject });
        pump();
      });
    },
    /** Whether the thread is running now (it starts at the first image and ends when idle). */
    get isRunning() {
      return thread !== undefined;
    },
    async close() {
      clearTimeout(idleTimer);
      const closed = new Error('the face engine is closing');
      for (const waiting of [...queues.search.splice(0), ...queues.index.splice(0)]) waiting.reject(closed);
      await stopThread(closed);
    },
  };
}

export type FaceEngine = ReturnType<typeof createFaceEngine>;
