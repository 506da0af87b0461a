import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finishedAlbum, joinAsGuest, uploadAsGuest } from '../e2e/support/album-fixture.js';
import { startProductServer } from '../e2e/support/product-server.js';
import { startLossyProxy, type LossyProxyStats } from './support/lossy-proxy.js';
import { startBenchMediaStore } from './support/media-store.js';
import { PHOTO_HEIGHT, PHOTO_WIDTH, writePhotos } from './support/photo-files.js';
import type { PhoneInput, PhoneReport } from './support/upload-phone.js';

const root = path.resolve(import.meta.dirname, '..');
const PHOTOS = Number(process.env.LOSSY_PHOTOS ?? 50);
/** Seeds the proxy's drops and the engine's jitter: the same seed, the same losses. */
const SEED = Number(process.env.LOSSY_SEED ?? 17);
const DROP_RATE = Number(process.env.LOSSY_DROP_RATE ?? 0.3);
const PHONE_TIMEOUT_MS = 20 * 60_000;
/**
 * Drains the files with the web app's queue engine in a child process (support/upload-phone.ts,
 * which explains why), with the web tsconfig so tsx resolves its `@/` imports.
 */
function runPhone(input: PhoneInput): Promise<PhoneReport> {
  const phone = spawn(process.execPath, ['--import', 'tsx', 'bench/support/upload-phone.ts', JSON.stringify(input)], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'apps/web/tsconfig.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  phone.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  const timer = setTimeout(() => phone.kill('SIGKILL'), PHONE_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    phone.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(output) as PhoneReport);
      else reject(new Error(`the phone process ended with ${signal ?? `code ${code}`}`));
    });
  });
}

interface LinkRun {
  label: string;
  report: PhoneReport;
  proxy: LossyProxyStats;
  inAlbum: number;
}

/** Where a run's time went: time in requests by method, time with no request in flight, the retry waits. */
function describeTime({ label, report, proxy }: LinkRun) {
  const byMethod = new Map<string, { count: number; ms: number; failed: number; conflicts: number }>();
  for (const request of report.requests) {
    const entry = byMethod.get(request.method) ?? { count: 0, ms: 0, failed: 0, conflicts: 0 };
    entry.count++;
    entry.ms += request.ms;
    if (typeof request.outcome === 'string') entry.failed++;
    if (request.outcome === 409) entry.conflicts++;
    byMethod.set(request.method, entry);
  }
  const busyMs = report.requests.reduce((sum, request) => sum + request.ms, 0);
  // The engine sends one request at a time: the gaps between them are its waits.
  const idle: { fromMs: number; ms: number }[] = [];
  let lastEnd = 0;
  for (const request of report.requests) {
    if (request.startMs > lastEnd) idle.push({ fromMs: lastEnd, ms: request.startMs - lastEnd });
    lastEnd = Math.max(lastEnd, request.startMs + request.ms);
  }
  const ninetyMs = report.doneAtMs[Math.ceil(report.doneAtMs.length * 0.9) - 1] ?? 0;
  const idleTailMs = idle.filter((gap) => gap.fromMs >= ninetyMs).reduce((sum, gap) => sum + gap.ms, 0);
  const methods = [...byMethod]
    .map(
      ([method, e]) =>
        `${method} ${e.count}× ${(e.ms / 1000).toFixed(1)} s (mean ${(e.ms / e.count).toFixed(0)} ms, ${e.failed} no answer${e.conflicts ? `, ${e.conflicts}× 409` : ''})`,
    )
    .join('; ');
  const waits = report.retryWaits;
  const waited = waits.reduce((sum, wait) => sum + wait.ms, 0);
  console.log(
    `${label}: phone sent ${report.requests.length} requests, proxy received ${proxy.received}, dropped ${proxy.dropped}, cut ${proxy.cut}`,
  );
  console.log(`  in requests ${(busyMs / 1000).toFixed(1)} s: ${methods}`);
  console.log(
    `  with no request in flight ${(report.seconds - busyMs / 1000).toFixed(1)} s; ${waits.length} retries scheduled, waits ${(waited / 1000).toFixed(1)} s in all (longest ${(Math.max(0, ...waits.map((wait) => wait.ms)) / 1000).toFixed(1)} s; other files go meanwhile)`,
  );
  console.log(
    `  90% of the files in at ${(ninetyMs / 1000).toFixed(1)} s; the last 10% took ${(report.seconds - ninetyMs / 1000).toFixed(1)} s more, ${(idleTailMs / 1000).toFixed(1)} s of it with no request in flight`,
  );
}

/**
 * 50 photos of about 3 MB sent by the web app's own upload queue (engine unchanged, in a Node
 * child process) through a proxy on loopback: first a clean link, then one that drops 30% of the
 * requests at random and cuts the first PATCH of each tus upload half-way. Each link fills its own
 * album on the same server; the album's photo count, read through the API, must be exactly 50.
 * LOSSY_PHOTOS, LOSSY_SEED, LOSSY_DROP_RATE change the run; LOSSY_REPORT_FILE keeps every request
 * and retry of both links as JSON, to see where the time went.
 */
export const lossyUploadBenchmark = {
  name: 'lossy-upload: 50 × 3 MB photos by the upload queue, 30% dropped + a cut per file vs a clean link',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-lossy-'));
    const store = await startBenchMediaStore();
    let server: Awaited<ReturnType<typeof startProductServer>> | undefined;
    const runs: LinkRun[] = [];
    try {
      console.log(`making ${PHOTOS} distinct ${PHOTO_WIDTH}×${PHOTO_HEIGHT} JPEGs…`);
      const files = await writePhotos(dir, PHOTOS);
      const sizes = files.map((file) => fs.statSync(file).size);
      const averageMb = sizes.reduce((sum, size) => sum + size, 0) / sizes.length / 1024 / 1024;
      console.log(
        `average file: ${averageMb.toFixed(2)} MB (smallest ${(Math.min(...sizes) / 1048576).toFixed(2)} MB)`,
      );
      console.log(`media store: ${store.label}; seed ${SEED}; drop rate ${DROP_RATE}`);
      server = await startProductServer({
        WEB_DIST_DIR: '',
        LOG_LEVEL: 'warn',
        NOTICES_DIGEST_SWEEP_MS: '0',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        ...store.env,
      });
      // Warm the server up (sharp, the JIT) in an album of its own, so the clean run is not the slower for going first.
      const warmUp = await finishedAlbum(server.url, 'elite');
      const warmUpToken = await joinAsGuest(warmUp, 'Warm-up');
      for (const file of files.slice(0, 2)) await uploadAsGuest(warmUp, warmUpToken, fs.readFileSync(file));

      for (const link of [
        { label: 'clean link', dropRate: 0, cutFirstPatch: false },
        { label: 'lossy link', dropRate: DROP_RATE, cutFirstPatch: true },
      ]) {
        const album = await finishedAlbum(server.url, 'elite');
        const guestToken = await joinAsGuest(album, 'Invitado');
        // The clean link goes through the same proxy, without faults, so the ratio is the faults' alone.
        const proxy = await startLossyProxy({ target: server.url, ...link, seed: SEED });
        let report: PhoneReport;
        try {
          report = await runPhone({ origin: proxy.url, albumId: album.albumId, guestToken, files, seed: SEED });
        } finally {
          await proxy.close();
        }
        const listed = await fetch(`${server.url}/api/albums/${album.albumId}/photos?pageSize=1`, {
          headers: { 'x-guest-token': guestToken },
        });
        const inAlbum = ((await listed.json()) as { data: { totalCount: number } }).data.totalCount;
        runs.push({ label: link.label, report, proxy: proxy.stats, inAlbum });
      }
    } finally {
      await server?.stop();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }

    let met = true;
    for (const run of runs) {
      const { report } = run;
      const done = report.statuses.done ?? 0;
      const distinct = new Set(report.photoIds).size;
      const duplicates = run.inAlbum - PHOTOS;
      met &&= done === PHOTOS && run.inAlbum === PHOTOS && distinct === PHOTOS;
      console.log(
        `${run.label}: ${done}/${PHOTOS} done (${((100 * done) / PHOTOS).toFixed(0)}%, must be 100%) in ${report.seconds.toFixed(1)} s = ${(PHOTOS / report.seconds).toFixed(2)} photos/s; album holds ${run.inAlbum} (duplicates ${duplicates}, must be 0), ${distinct} distinct photo ids`,
      );
      if (report.failures.length > 0) console.log(`  stopped: ${report.failures.join('; ')}`);
    }
    for (const run of runs) describeTime(run);
    if (process.env.LOSSY_REPORT_FILE) {
      fs.writeFileSync(process.env.LOSSY_REPORT_FILE, JSON.stringify(runs));
      console.log(`every request and retry of both runs: ${process.env.LOSSY_REPORT_FILE}`);
    }
    const [clean, lossy] = runs as [LinkRun, LinkRun];
    console.log(
      `time ratio lossy/clean: ${(lossy.report.seconds / clean.report.seconds).toFixed(2)} (aim ≤ 2); requests sent ${lossy.proxy.received}, dropped ${lossy.proxy.dropped} (${((100 * lossy.proxy.dropped) / lossy.proxy.received).toFixed(0)}%), cut ${lossy.proxy.cut}`,
    );
    if (!met) {
      console.log('FAILED: not every photo reached the album exactly once');
      process.exitCode = 1;
    }
  },
};
