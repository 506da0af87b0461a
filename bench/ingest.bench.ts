import os from 'node:os';
import sharp from 'sharp';
import { makePhotoRenditions } from '../apps/server/src/platform/images/photo-renditions.js';
import { finishedAlbum, joinAsGuest } from '../e2e/support/album-fixture.js';
import { envAssignments, startProductServer } from '../e2e/support/product-server.js';
import { photoUploadBody, type PhotoUploadBody } from './support/photo-upload-body.js';
import { startBenchMediaStore } from './support/media-store.js';
import { median } from './support/load-stats.js';
import { threadCpuOf, watchProcesses, type ThreadGroup } from './support/process-usage.js';

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

type ThreadSeconds = Record<ThreadGroup, number>;
/** `total` plus the CPU each thread group used between two readings. */
const plusSince = (total: ThreadSeconds, before: ThreadSeconds, after: ThreadSeconds): ThreadSeconds => ({
  main: total.main + after.main - before.main,
  libvips: total.libvips + after.libvips - before.libvips,
  other: total.other + after.other - before.other,
});

/**
 * A single pair of runs on this shared 2-core machine moves by ±0.05 or more: the server and the
 * raw pipeline run in turns, each round on its own photos, and the figure is the median round.
 */
const ROUNDS = Number(process.env.INGEST_ROUNDS ?? 3);

interface Side {
  seconds: number[];
  cpuSeconds: number;
  cores: number[];
  threads: ThreadSeconds;
}
const emptySide = (): Side => ({ seconds: [], cpuSeconds: 0, cores: [], threads: { main: 0, libvips: 0, other: 0 } });

/** Times one round of `task` over `items` in `pid`, adding its figures to `side`. */
async function round<T>(side: Side, pid: number, items: T[], task: (item: T) => Promise<void>, alsoWatch: number[]) {
  const watch = watchProcesses([pid, ...alsoWatch]);
  const threadsBefore = threadCpuOf(pid);
  side.seconds.push(await timed(items, CLIENTS, task));
  const usage = watch.stop();
  side.threads = plusSince(side.threads, threadsBefore, threadCpuOf(pid));
  side.cpuSeconds += usage.processes[0]!.cpuSeconds;
  side.cores.push(usage.processes[0]!.cores);
  return usage;
}

/**
 * Photos a running server ingests per second when 8 guests upload 12 MP JPEGs at once (from the
 * request to the renditions stored and the row inserted), against the raw sharp pipeline (the
 * same rendition function on the same files, same concurrency, no HTTP, no database, no disk).
 */
export const ingestBenchmark = {
  name: 'ingest: 12 MP JPEGs over HTTP by 8 clients vs the raw rendition pipeline',
  async run() {
    console.log(`making ${PHOTOS * ROUNDS + WARM_UP} distinct ${WIDTH}×${HEIGHT} JPEGs…`);
    const photos = await makePhotos(PHOTOS * ROUNDS + WARM_UP);
    const averageMb = photos.reduce((total, photo) => total + photo.length, 0) / photos.length / 1024 / 1024;
    console.log(`average file: ${averageMb.toFixed(1)} MB; ${os.availableParallelism()} cores`);
    const batches = Array.from({ length: ROUNDS }, (_, r) =>
      photos.slice(WARM_UP + r * PHOTOS, WARM_UP + (r + 1) * PHOTOS),
    );

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
    const serverSide = emptySide();
    const rawSide = emptySide();
    let peakRssMb = 0;
    let clientCores = 0;
    let machineBusy = 0;
    // The elite plan carries no watermark; the raw run matches it.
    const watermark = false;
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
      for (const photo of photos.slice(0, WARM_UP)) {
        await upload(photoUploadBody(photo, 'Bench'));
        await makePhotoRenditions(photo, watermark);
      }
      for (const [index, batch] of batches.entries()) {
        const bodies = batch.map((photo) => photoUploadBody(photo, 'Bench'));
        // The idle server stays up while the raw pipeline runs: it uses no CPU meanwhile.
        const usage = await round(serverSide, server.pid, bodies, upload, [process.pid]);
        peakRssMb = Math.max(peakRssMb, usage.processes[0]!.peakRssMb);
        clientCores += usage.processes[1]!.cores / ROUNDS;
        machineBusy += usage.machineBusyShare / ROUNDS;
        await round(
          rawSide,
          process.pid,
          batch,
          async (photo) => void (await makePhotoRenditions(photo, watermark)),
          [],
        );
        const [serverSeconds, rawSeconds] = [serverSide.seconds[index]!, rawSide.seconds[index]!];
        console.log(
          `round ${index + 1}: server ${(PHOTOS / serverSeconds).toFixed(2)} photos/s, ` +
            `raw ${(PHOTOS / rawSeconds).toFixed(2)} photos/s, ratio ${(rawSeconds / serverSeconds).toFixed(2)}`,
        );
      }
    } finally {
      await server.stop();
      await store.close();
    }

    const ratios = serverSide.seconds.map((seconds, index) => rawSide.seconds[index]! / seconds);
    const middle = ratios.indexOf(median(ratios));
    const serverRate = PHOTOS / serverSide.seconds[middle]!;
    const rawRate = PHOTOS / rawSide.seconds[middle]!;
    console.log(
      `median round: server ${serverRate.toFixed(2)} photos/s, raw sharp pipeline ${rawRate.toFixed(2)} photos/s`,
    );
    console.log(
      `ratio to raw pipeline: ${median(ratios).toFixed(2)}, median of ${ROUNDS} rounds ` +
        `(${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; target ≥ 0.8)`,
    );
    // Where a gap comes from: CPU the server spends beyond the pipeline's, or cores left idle.
    const photosAll = PHOTOS * ROUNDS;
    const perPhoto = (side: Side) => ((side.cpuSeconds / photosAll) * 1000).toFixed(0);
    console.log(
      `CPU per photo: server ${perPhoto(serverSide)} ms (${median(serverSide.cores).toFixed(2)} cores busy), ` +
        `raw ${perPhoto(rawSide)} ms (${median(rawSide.cores).toFixed(2)} cores busy)`,
    );
    const byThread = (threads: ThreadSeconds) =>
      Object.entries(threads)
        .map(([group, seconds]) => `${group} ${((seconds / photosAll) * 1000).toFixed(0)}`)
        .join(', ');
    console.log(
      `CPU per photo by thread (ms): server ${byThread(serverSide.threads)}; raw ${byThread(rawSide.threads)}`,
    );
    console.log(
      `the uploading clients (this process) used ${clientCores.toFixed(2)} cores meanwhile; ` +
        `the machine was ${(machineBusy * 100).toFixed(0)}% busy`,
    );
    console.log(`server peak RSS during the uploads: ${peakRssMb.toFixed(0)} MB (polled every 50 ms; target < 400 MB)`);
  },
};
