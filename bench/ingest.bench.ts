import os from 'node:os';
import sharp from 'sharp';
import { makePhotoRenditions } from '../apps/server/src/platform/images/photo-renditions.js';
import { finishedAlbum, joinAsGuest } from '../e2e/support/album-fixture.js';
import { envAssignments, startProductServer } from '../e2e/support/product-server.js';
import { photoUploadBody, type PhotoUploadBody } from './support/photo-upload-body.js';
import { startBenchMediaStore } from './support/media-store.js';
import { threadCpuOf, watchProcesses, type ThreadGroup, type UsageReport } from './support/process-usage.js';

const CLIENTS = 8;
/** Extra environment for the server process (INGEST_SERVER_ENV='A=1 B=2'), to compare settings. */
const serverEnv = () => envAssignments(process.env.INGEST_SERVER_ENV);
const PHOTOS = Number(process.env.INGEST_PHOTOS ?? 24);
const WARM_UP = 2;
const WIDTH = 4000;
const HEIGHT = 3000;

/**
 * 12-megapixel JPEGs that look like photos to the encoder (blurred noise, so about 3–4 MB each),
 * each with its own coloured block and tint, so every file has its own hash.
 */
async function makePhotos(count: number): Promise<Buffer[]> {
  const base = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const photos: Buffer[] = [];
  for (let seed = 0; seed < count; seed++) {
    const block = {
      create: {
        width: 600,
        height: 400,
        channels: 3 as const,
        background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 29) % 256 },
      },
    };
    photos.push(
      await sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .composite([{ input: block, left: (seed * 211) % (WIDTH - 600), top: (seed * 137) % (HEIGHT - 400) }])
        .modulate({ hue: (seed * 17) % 360 })
        .jpeg({ quality: 88 })
        .toBuffer(),
    );
  }
  return photos;
}

/** Runs `task` over `items` with `clients` workers pulling from one queue; answers the seconds taken. */
async function timed<T>(items: T[], clients: number, task: (item: T) => Promise<void>): Promise<number> {
  const queue = [...items];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const since = (before: Record<ThreadGroup, number>, after: Record<ThreadGroup, number>) => ({
  main: after.main - before.main,
  libvips: after.libvips - before.libvips,
  other: after.other - before.other,
});

/**
 * Photos a running server ingests per second when 8 guests upload 12 MP JPEGs at once (from the
 * request to the renditions stored and the row inserted), against the raw sharp pipeline (the
 * same rendition function on the same files, same concurrency, no HTTP, no database, no disk).
 */
export const ingestBenchmark = {
  name: 'ingest: 12 MP JPEGs over HTTP by 8 clients vs the raw rendition pipeline',
  async run() {
    console.log(`making ${PHOTOS + WARM_UP} distinct ${WIDTH}×${HEIGHT} JPEGs…`);
    const photos = await makePhotos(PHOTOS + WARM_UP);
    const averageMb = photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length / 1024 / 1024;
    console.log(`average file: ${averageMb.toFixed(1)} MB; ${os.availableParallelism()} cores`);

    const store = await startBenchMediaStore();
    console.log(`media store: ${store.label}`);
    const server = await startProductServer({
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      NOTICES_DIGEST_SWEEP_MS: '0',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      ...store.env,
      ...serverEnv(),
    });
    let serverSeconds: number;
    let serverUsage: UsageReport;
    let serverThreads: Record<ThreadGroup, number>;
    let watermark = false;
    try {
      const album = await finishedAlbum(server.url, 'elite');
      const tokens = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) => joinAsGuest(album, `Invitado ${i + 1}`)),
      );
      const albumInfo = (await (
        await fetch(`${server.url}/api/albums/${album.albumId}/photos`, { headers: { 'x-guest-token': tokens[0]! } })
      ).json()) as object;
      if (!('success' in albumInfo)) throw new Error('album not readable');
      let next = 0;
      const upload = async ({ body, contentType }: PhotoUploadBody) => {
        const token = tokens[next++ % CLIENTS]!;
        const response = await fetch(`${server.url}/api/albums/${album.albumId}/photos`, {
          method: 'POST',
          body,
          headers: { 'x-guest-token': token, 'content-type': contentType },
        });
        if (response.status !== 201) throw new Error(`upload → ${response.status} ${await response.text()}`);
      };
      const bodies = photos.map((photo) => photoUploadBody(photo, 'Bench'));
      for (const body of bodies.slice(0, WARM_UP)) await upload(body);
      const watch = watchProcesses([server.pid, process.pid]);
      const threadsBefore = threadCpuOf(server.pid);
      serverSeconds = await timed(bodies.slice(WARM_UP), CLIENTS, upload);
      serverUsage = watch.stop();
      serverThreads = since(threadsBefore, threadCpuOf(server.pid));
      watermark = false; // The elite plan carries no watermark; the raw run matches it.
    } finally {
      await server.stop();
      await store.close();
    }

    for (const photo of photos.slice(0, WARM_UP)) await makePhotoRenditions(photo, watermark);
    const rawWatch = watchProcesses([process.pid]);
    const rawThreadsBefore = threadCpuOf(process.pid);
    const rawSeconds = await timed(photos.slice(WARM_UP), CLIENTS, async (photo) => {
      await makePhotoRenditions(photo, watermark);
    });
    const rawUsage = rawWatch.stop();
    const rawThreads = since(rawThreadsBefore, threadCpuOf(process.pid));

    const serverRate = PHOTOS / serverSeconds;
    const rawRate = PHOTOS / rawSeconds;
    console.log(`server: ${PHOTOS} photos in ${serverSeconds.toFixed(1)} s = ${serverRate.toFixed(2)} photos/s`);
    console.log(`raw sharp pipeline: ${PHOTOS} photos in ${rawSeconds.toFixed(1)} s = ${rawRate.toFixed(2)} photos/s`);
    console.log(`ratio to raw pipeline: ${(serverRate / rawRate).toFixed(2)} (target ≥ 0.8)`);
    // Where a gap comes from: CPU the server spends beyond the pipeline's, or cores left idle.
    const perPhoto = (usage: UsageReport) => ((usage.processes[0]!.cpuSeconds / PHOTOS) * 1000).toFixed(0);
    console.log(
      `CPU per photo: server ${perPhoto(serverUsage)} ms (${serverUsage.processes[0]!.cores.toFixed(2)} cores busy), ` +
        `raw ${perPhoto(rawUsage)} ms (${rawUsage.cores.toFixed(2)} cores busy)`,
    );
    const byThread = (threads: Record<ThreadGroup, number>) =>
      Object.entries(threads)
        .map(([group, seconds]) => `${group} ${((seconds / PHOTOS) * 1000).toFixed(0)}`)
        .join(', ');
    console.log(`CPU per photo by thread (ms): server ${byThread(serverThreads)}; raw ${byThread(rawThreads)}`);
    const client = serverUsage.processes[1]!;
    console.log(
      `the uploading clients (this process) used ${client.cores.toFixed(2)} cores meanwhile; ` +
        `the machine was ${(serverUsage.machineBusyShare * 100).toFixed(0)}% busy`,
    );
    const peak = serverUsage.processes[0]!.peakRssMb;
    console.log(`server peak RSS during the uploads: ${peak.toFixed(0)} MB (polled every 50 ms; target < 400 MB)`);
  },
};
