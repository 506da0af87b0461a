import os from 'node:os';
import { finishedAlbum, type E2eAlbum } from '../e2e/support/album-fixture.js';
import { auditAlbum, type AlbumAudit } from './support/album-audit.js';
import { describeLatency, type ErrorTally } from './support/load-stats.js';
import { watchProcesses, type UsageReport } from './support/process-usage.js';
import type { Balance } from './support/round-robin-proxy.js';
import { openSlideshow, type Slideshow } from './support/slideshow-watcher.js';
import { joinGuest, newGuestLog, type GuestLog } from './support/wedding-guests.js';
import { joinAll, runBurst, runOpenLoop, type WeddingPlan } from './support/wedding-load.js';
import { weddingBasePhotos } from './support/wedding-photos.js';
import { startWeddingDeployment, type DeploymentOptions, type WeddingDatabase } from './support/wedding-servers.js';

const env = process.env;
const SERVERS = Number(env.WEDDING_SERVERS ?? 1);
const DATABASE = (env.WEDDING_DB ?? (SERVERS > 1 ? 'postgres' : 'pglite')) as WeddingDatabase;
const MODE = env.WEDDING_MODE === 'burst' ? 'burst' : 'open';
const COMPARE = env.WEDDING_COMPARE === '1';
/** How the proxy spreads requests over several servers (round-robin-proxy.ts): round-robin or least-busy. */
const BALANCE: Balance = env.WEDDING_BALANCE === 'least-busy' ? 'least-busy' : 'round-robin';
const POSTGRES_ADMIN_URL = env.WEDDING_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Distinct encoded photos the uploads are made from (each upload is made byte-distinct from one). */
const BASE_PHOTOS = Number(env.WEDDING_BASE_PHOTOS ?? 12);
/** How long after the last answer the slideshow may still receive its events. */
const SLIDESHOW_GRACE_MS = 15_000;

type Mode = 'open' | 'burst';

interface RunResult {
  label: string;
  log: GuestLog;
  usage: UsageReport;
  seconds: number;
  audit: AlbumAudit;
}

const printErrors = (title: string, tally: ErrorTally, target = ' (target 0)') => {
  console.log(`${title}: ${tally.total}${target}`);
  for (const line of tally.lines()) console.log(`    ${line}`);
};

function printRun(plan: WeddingPlan, mode: Mode, run: RunResult, slideshow: Slideshow) {
  const { log, usage } = run;
  const planned = plan.guests * plan.photosPerGuest;
  const acknowledged = log.acknowledgedIds.length;
  console.log(`  · ${run.label}`);
  console.log(`uploads acknowledged: ${acknowledged} of ${log.attempted} attempted (${planned} planned; target all)`);
  printErrors('upload errors', log.uploadErrors);
  printErrors(`guest joins: ${log.joins} joined; join errors`, log.joinErrors);
  console.log(`time to acknowledge (request start → 201): ${describeLatency(log.acknowledgeMs)}`);
  if (mode === 'open') {
    console.log(
      `uploads that waited behind the same guest's previous one: ${log.queuedMs.length}, ${describeLatency(log.queuedMs)}`,
    );
  }
  const delays: number[] = [];
  for (const [photoId, started] of log.startedAt) {
    const arrived = slideshow.arrivals.get(photoId);
    if (arrived !== undefined) delays.push(arrived - started);
  }
  const strangers = [...slideshow.arrivals.keys()].filter((photoId) => !log.startedAt.has(photoId)).length;
  console.log(`upload start → photo event on the slideshow: ${describeLatency(delays)}`);
  console.log(
    `slideshow: ${delays.length} of ${acknowledged} acknowledged photos announced; never arrived ${acknowledged - delays.length} (target 0); ` +
      `events for photos no guest was told about ${strangers}; repeated events ${slideshow.repeatedEvents}`,
  );
  console.log(
    `slideshow reads (details, first page, refetches): ${slideshow.readMs.length}, ${describeLatency(slideshow.readMs)}`,
  );
  printErrors('slideshow errors', slideshow.errors);
  if (mode === 'open') {
    console.log(`browsing: ${log.listMs.length} photo pages, ${describeLatency(log.listMs)}`);
    console.log(`browsing: ${log.thumbMs.length} thumbnails, ${describeLatency(log.thumbMs)}`);
    printErrors('browse errors', log.browseErrors);
  }
  const cores = os.availableParallelism();
  for (const [index, server] of usage.processes.entries()) {
    console.log(
      `server ${index + 1} (pid ${server.pid}): CPU ${server.cpuSeconds.toFixed(0)} s = ${server.cores.toFixed(2)} cores on average, peak RSS ${server.peakRssMb.toFixed(0)} MB (polled every 50 ms)`,
    );
  }
  console.log(
    `server CPU: ${usage.cores.toFixed(2)} of ${cores} cores = ${(usage.machineShare * 100).toFixed(0)} % of the machine; whole machine busy ${(usage.machineBusyShare * 100).toFixed(0)} % (everything on it: load generator, database, storage)`,
  );
  console.log(
    `wall time: ${run.seconds.toFixed(1)} s${mode === 'open' ? ` (window ${plan.windowSeconds} s)` : ''}; throughput ${(acknowledged / run.seconds).toFixed(2)} photos/s`,
  );
  console.log('album after the run (no photo lost, none counted twice):');
  for (const line of run.audit.lines) console.log(`    ${line}`);
}

/** One wedding on one deployment: set up, load, wait for the slideshow, check the album, report. */
async function runWedding(plan: WeddingPlan, mode: Mode, deployment: DeploymentOptions): Promise<RunResult> {
  const servers = await startWeddingDeployment(deployment);
  try {
    const album: E2eAlbum = await finishedAlbum(servers.url, 'elite');
    const slideshow = await openSlideshow(servers.url, album.albumId, album.accessCode);
    const log = newGuestLog();
    const tokens = mode === 'burst' ? await joinAll(album, plan, log) : [];
    const usage = watchProcesses(servers.pids);
    const started = performance.now();
    const burstSeconds = mode === 'burst' ? await runBurst(album, plan, tokens, log) : undefined;
    if (mode === 'open') await runOpenLoop(album, plan, log);
    const seconds = burstSeconds ?? (performance.now() - started) / 1000;
    const report = usage.stop();
    const graceEnd = performance.now() + SLIDESHOW_GRACE_MS;
    while (log.acknowledgedIds.some((id) => !slideshow.arrivals.has(id)) && performance.now() < graceEnd) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await slideshow.close();
    const auditor = await joinGuest(album, 'Auditoría', log);
    if (!auditor) throw new Error('the audit guest could not join');
    const audit = await auditAlbum(album, auditor, log.acknowledgedIds, log.joins);
    const run = { label: servers.label, log, usage: report, seconds, audit };
    printRun(plan, mode, run, slideshow);
    if (servers.proxy) {
      const { sentTo, uploadsTo } = servers.proxy;
      console.log(`proxy: requests per server ${sentTo.join(' / ')}, of which uploads ${uploadsTo.join(' / ')}`);
    }
    return run;
  } finally {
    await servers.stop();
  }
}

/**
 * A wedding on one machine (issue: 300 guests join one album and each uploads 3 photos of about
 * 3 MB within 5 minutes, while 50 others browse and a slideshow is open), on PGlite or PostgreSQL,
 * on one server or several behind a round-robin proxy; and with WEDDING_COMPARE=1 the closed-loop
 * throughput of one server against two on the same PostgreSQL and bucket. Every setting is an
 * environment variable (WEDDING_*), printed first; the schedule is seeded, so runs compare.
 */
export const weddingLoadBenchmark = {
  name: 'wedding: 300 guests upload 3 photos each in 5 minutes while 50 browse and a slideshow runs',
  async run() {
    const plan: WeddingPlan = {
      guests: Number(env.WEDDING_GUESTS ?? 300),
      photosPerGuest: Number(env.WEDDING_PHOTOS_PER_GUEST ?? 3),
      windowSeconds: Number(env.WEDDING_WINDOW_SECONDS ?? 300),
      browsers: Number(env.WEDDING_BROWSERS ?? 50),
      clients: Number(env.WEDDING_CLIENTS ?? 16),
      seed: Number(env.WEDDING_SEED ?? 2027),
      basePhotos: await weddingBasePhotos(BASE_PHOTOS),
    };
    const averageMb = plan.basePhotos.reduce((sum, photo) => sum + photo.length, 0) / plan.basePhotos.length / 2 ** 20;
    console.log(
      `${plan.guests} guests × ${plan.photosPerGuest} photos (from ${plan.basePhotos.length} encoded 12 MP JPEGs of ${averageMb.toFixed(2)} MB on average, each upload byte-distinct), ` +
        `seed ${plan.seed}, ${os.availableParallelism()} cores, default server settings`,
    );
    const deployment = {
      postgresAdminUrl: POSTGRES_ADMIN_URL,
      s3: env.BENCH_S3 === '1',
      proxy: false,
      balance: BALANCE,
    };
    if (!COMPARE) {
      console.log(
        MODE === 'open'
          ? `open loop: joins in the first ${plan.windowSeconds / 2} s, photos within ${plan.windowSeconds} s, ${plan.browsers} browsing guests, one slideshow`
          : `closed loop (burst): ${plan.clients} concurrent uploaders, one slideshow`,
      );
      await runWedding(plan, MODE, { ...deployment, database: DATABASE, servers: SERVERS });
      return;
    }
    console.log(
      `compare: closed loop (burst) of ${plan.clients} concurrent uploaders, one server then two, each on a fresh PostgreSQL database and s3rver, both behind the proxy`,
    );
    const shared = { ...deployment, database: 'postgres' as const, s3: true, proxy: true };
    console.log('\n── one server ──');
    const one = await runWedding(plan, 'burst', { ...shared, servers: 1 });
    console.log('\n── two servers ──');
    const two = await runWedding(plan, 'burst', { ...shared, servers: 2 });
    const rate = (run: RunResult) => run.log.acknowledgedIds.length / run.seconds;
    console.log('\n── one vs two servers ──');
    console.log(`one server: ${rate(one).toFixed(2)} photos/s; two servers: ${rate(two).toFixed(2)} photos/s`);
    console.log(
      `throughput ratio two/one: ${(rate(two) / rate(one)).toFixed(2)} (both servers share this machine's ${os.availableParallelism()} cores)`,
    );
    for (const [label, run] of [
      ['one server', one],
      ['two servers', two],
    ] as const) {
      const errors = run.log.uploadErrors.total;
      console.log(
        `${label}: ${run.log.acknowledgedIds.length} acknowledged, ${errors} upload errors (target 0), album ${run.audit.isExact ? 'exact: nothing lost, nothing counted twice' : 'NOT exact (see above)'}`,
      );
    }
  },
};
