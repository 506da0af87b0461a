import fs from 'node:fs';
import { finishedAlbum, joinAsGuest, uploadAsGuest } from '../e2e/support/album-fixture.js';
import { startProductServer } from '../e2e/support/product-server.js';
import { createFaceEngine } from '../apps/server/src/platform/faces/face-engine.js';
import { decodeForFaces, INDEX_SIDE, mirrored, SELFIE_SIDE } from '../apps/server/src/platform/faces/face-image.js';
import {
  DIMENSIONS,
  faceMatrixOf,
  matchingPhotos,
  packDescriptor,
  queryOf,
} from '../apps/server/src/modules/faces/face-match.js';
import { groupPhoto, HIM, OTHERS, selfie, type Face } from '../apps/server/test/faces/face-samples.js';

const PHOTOS = Number(process.env.FACES_PHOTOS ?? 20);
/** The search figure: 1,500 photos with about 5 faces each. */
const ALBUM_FACES = 7_500;
const API_SEARCHES = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** A process's CPU time so far (user + system, all threads), from /proc. */
const processCpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const peakRssMb = (pid: number) =>
  Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const faces = (seed: number): Face[] => {
  const people = [...HIM, ...OTHERS];
  return Array.from({ length: 3 + (seed % 3) }, (_, i) => people[(seed * 5 + i * 3) % people.length]!);
};

/** The engine in this process: a photo's CPU (all threads: decode and inference) and wall time. */
async function indexing() {
  const engine = createFaceEngine({ idleMs: 60_000, logger: { info: () => undefined, warn: console.warn } });
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => groupPhoto(faces(i), i)));
  const warm = performance.now();
  await engine.describe(await decodeForFaces(photos[0]!, INDEX_SIDE), 'index');
  console.log(`engine start + first photo (kernel warm-up): ${((performance.now() - warm) / 1000).toFixed(2)} s`);
  const cpu: number[] = [];
  const wall: number[] = [];
  let found = 0;
  let peakRss = 0;
  for (const photo of photos) {
    const [cpu0, wall0] = [cpuMs(), performance.now()];
    found += (await engine.describe(await decodeForFaces(photo, INDEX_SIDE), 'index')).length;
    cpu.push(cpuMs() - cpu0);
    wall.push(performance.now() - wall0);
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  console.log(
    `index, ${PHOTOS} photos of 1600 × 1200 (${(found / PHOTOS).toFixed(1)} faces each): CPU median ${median(cpu).toFixed(0)} ms ` +
      `(p95 ${p95(cpu).toFixed(0)}), wall median ${median(wall).toFixed(0)} ms (p95 ${p95(wall).toFixed(0)}); ` +
      `1,500 photos ≈ ${((median(cpu) * 1500) / 60_000).toFixed(1)} CPU-min; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  const image = await decodeForFaces(await selfie(), SELFIE_SIDE);
  const selfieMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await engine.describe(image, 'search');
    await engine.describe(mirrored(image), 'search');
    selfieMs.push(performance.now() - start);
  }
  console.log(`selfie and its mirror described: median ${median(selfieMs).toFixed(0)} ms`);
  await engine.close();
}

/** The search's matching over an album of 7,500 faces held in memory. */
function matching() {
  let state = 17;
  const random = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) ** 2;
  const rows = Array.from({ length: ALBUM_FACES }, (_, i) => ({
    photoId: `photo-${Math.floor(i / 5)}`,
    descriptor: packDescriptor(Float32Array.from({ length: DIMENSIONS }, random)),
  }));
  const start = performance.now();
  const album = faceMatrixOf(rows);
  const unpackMs = performance.now() - start;
  const query = queryOf(
    Float32Array.from({ length: DIMENSIONS }, random),
    Float32Array.from({ length: DIMENSIONS }, random),
  );
  const times = Array.from({ length: 20 }, () => {
    const t = performance.now();
    matchingPhotos(album, query);
    return performance.now() - t;
  });
  console.log(
    `match, ${ALBUM_FACES} faces: unpacking the album ${unpackMs.toFixed(0)} ms (once per change), ` +
      `a search median ${median(times).toFixed(1)} ms (max ${Math.max(...times).toFixed(1)})`,
  );
}

/** A guest's search through the compiled server, selfie upload to answer, on a small indexed album. */
async function endToEnd() {
  const server = await startProductServer({ WEB_DIST_DIR: '', MEDIA_JOB_POLL_MS: '200' });
  try {
    const album = await finishedAlbum(server.url, 'premium');
    const guest = await joinAsGuest(album);
    for (let i = 0; i < 6; i++) await uploadAsGuest(album, guest, await groupPhoto(faces(i), i), `foto-${i}.jpg`);
    const token = album.host.session.access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await fetch(`${server.url}/api/customizations/${album.customizationId}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ enable_face_search: true }),
    });
    for (;;) {
      const progress = await (await fetch(`${server.url}/api/events/${album.albumId}/faces`, { headers })).json();
      if (progress.data.indexed >= 6) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const bytes = await selfie();
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < API_SEARCHES; i++) {
      const form = new FormData();
      form.append('selfie', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'selfie.jpg');
      const [start, cpu0] = [performance.now(), processCpuMs(server.pid)];
      const answer = await fetch(`${server.url}/api/albums/${album.albumId}/faces/search`, {
        method: 'POST',
        body: form,
        headers: { 'x-guest-token': guest },
      });
      if (!answer.ok) throw new Error(`search → ${answer.status} ${await answer.text()}`);
      await answer.json();
      times.push(performance.now() - start);
      cpu.push(processCpuMs(server.pid) - cpu0);
    }
    console.log(
      `search through the server (selfie ${(bytes.length / 1024).toFixed(0)} KB, album of 6): first ` +
        `${times[0]!.toFixed(0)} ms, median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms; ` +
        `server CPU per search median ${median(cpu).toFixed(0)} ms; server peak RSS ${peakRssMb(server.pid).toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
  }
}

export const facesBenchmark = {
  name: 'faces',
  async run() {
    console.log(
      `load average ${(await import('node:os'))
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    await indexing();
    matching();
    await endToEnd();
  },
};
