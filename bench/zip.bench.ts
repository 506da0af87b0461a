import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.js';
import { albumPhotos, albums } from '../apps/server/src/db/schema/index.js';
import type { BlobStore } from '../apps/server/src/platform/blob-store/blob-store.js';
import { freePort } from '../e2e/support/product-server.js';
import { startBenchMediaStore } from './support/media-store.js';

const root = path.resolve(import.meta.dirname, '..');
/** 300 photos of 4 MB (1.2 GB), the album issue 20's targets are set on; `ZIP_BENCH_PHOTOS=1500` is a full Elite wedding. */
const PHOTOS = Number(process.env.ZIP_BENCH_PHOTOS ?? 300);
const PHOTO_BYTES = Number(process.env.ZIP_BENCH_PHOTO_MB ?? 4) * 1024 * 1024;
/**
 * PGlite (the default database) lives inside the server process and alone takes a few hundred MB
 * of its memory. `ZIP_BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432/postgres` (an admin URL)
 * runs the server on a fresh PostgreSQL database instead, so its RSS is the server's own.
 */
const POSTGRES_ADMIN = process.env.ZIP_BENCH_POSTGRES;

/** The real server as `npm start` runs it, with its pid so its memory can be read. */
async function startServer(dataDir: string, databaseUrl: string | undefined, storeEnv: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      MEDIA_URL_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...storeEnv,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api(url: string, method: string, token: string | undefined, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A host with a completed Elite album, made over HTTP the way a host's browser makes it. */
async function eliteAlbum(url: string) {
  const email = `zip-bench-${Date.now()}@example.com`;
  const registered = await api(`${url}/api/auth/register`, 'POST', undefined, { email, password: 'bench-password-9' });
  const token = registered.data.session.access_token as string;
  const customer = await api(`${url}/api/stripe/customers`, 'POST', token, { email });
  const checkout = await api(`${url}/api/stripe/create-checkout-session`, 'POST', token, {
    priceId: ['price_elite_lifetime'],
    customerId: customer.data.id,
    successUrl: `${url}/album/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${url}/checkout`,
  });
  const paid = await fetch(`${url}${new URL(checkout.data.url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status}`);
  const started = await api(`${url}/api/customizations/start`, 'POST', token, { orderId: checkout.data.orderId });
  const id = started.data.id as string;
  await api(`${url}/api/customizations/${id}`, 'PATCH', token, {
    event_name: 'Boda de Ana y Luis',
    event_date: '2027-06-12',
    event_location: 'Oaxaca',
  });
  const completed = await api(`${url}/api/customizations/${id}/complete`, 'POST', token);
  return { token, albumId: completed.data.albumId as string };
}

/** Writes the originals through the blob store and their rows straight into the (stopped) server's database. */
async function seedPhotos(dataDir: string, albumId: string, databaseUrl: string | undefined, blobStore: BlobStore) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), databaseUrl });
  const base = randomBytes(PHOTO_BYTES);
  base.set([0xff, 0xd8, 0xff, 0xe0], 0);
  const rows: Array<typeof albumPhotos.$inferInsert> = [];
  const start = Date.now();
  for (let n = 0; n < PHOTOS; n++) {
    base.writeUInt32BE(n, 16); // distinct bytes per photo
    const id = randomUUID();
    const originalKey = `albums/${albumId}/${id}/original.jpg`;
    await blobStore.put(originalKey, base, 'image/jpeg');
    rows.push({
      id,
      albumId,
      uploadedByName: `Invitado ${n % 40}`,
      originalName: `IMG_${n}.jpg`,
      contentHash: `bench-${id}`,
      mimeType: 'image/jpeg',
      sizeBytes: PHOTO_BYTES,
      width: 4000,
      height: 3000,
      originalKey,
      thumbKey: `albums/${albumId}/${id}/thumb.webp`,
      displayKey: `albums/${albumId}/${id}/display.webp`,
      status: 'approved',
      originalCrc32: crc32(base),
      uploadedAt: new Date(Date.UTC(2027, 5, 12, 18, 0, n)),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(albumPhotos).values(rows.slice(i, i + 500));
  const [album] = await database.db.select().from(albums).where(eq(albums.id, albumId));
  if (!album) throw new Error('album not found');
  await database.close();
  return { keys: rows.map((row) => row.originalKey), seconds: (Date.now() - start) / 1000 };
}

/** Reads every original from the blob store, in order, one at a time: the storage baseline. */
async function readAll(blobStore: BlobStore, keys: string[]) {
  const start = process.hrtime.bigint();
  let bytes = 0;
  for (const key of keys) {
    const blob = await blobStore.get(key, { start: 0, end: PHOTO_BYTES - 1 });
    for await (const chunk of blob!.stream) bytes += (chunk as Buffer).length;
  }
  return { bytes, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

function rssKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

/**
 * Downloads the ZIP over HTTP with curl (a native client, as a browser is: a Node client in this
 * process would be the bottleneck), discarding the bytes, while sampling the server's memory.
 */
async function downloadZip(url: string, pid: number) {
  let peakKb = rssKb(pid, 'VmRSS');
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(pid, 'VmRSS'))), 50);
  const start = process.hrtime.bigint();
  const output = await new Promise<string>((resolve, reject) => {
    const curl = spawn('curl', [
      '-s',
      '-S',
      '-f',
      '-o',
      '/dev/null',
      '-D',
      '-',
      '-w',
      '\nreceived:%{size_download}\n',
      url,
    ]);
    let text = '';
    curl.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    curl.stderr.pipe(process.stderr);
    curl.on('error', reject);
    curl.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`curl exited with ${code}`))));
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(sampler);
  const bytes = Number(/received:(\d+)/.exec(output)?.[1]);
  const contentLength = Number(/content-length:\s*(\d+)/i.exec(output)?.[1]);
  return { bytes, contentLength, seconds, peakKb };
}

const mbps = (bytes: number, seconds: number) => bytes / 1024 / 1024 / seconds;

/**
 * The whole-album ZIP (`GET /api/events/{id}/download.zip`) of an Elite album of 300 photos of
 * 4 MB: its throughput over HTTP against reading the same files from storage in the same run
 * (target ≥ 1.0), and the resident memory the download adds to the server (target < 50 MB).
 */
export const zipBenchmark = {
  name: 'zip: whole-album download vs reading the same files from storage',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-zip-bench-'));
    const databaseName = `momentos_zip_bench_${Date.now()}`;
    let databaseUrl: string | undefined;
    if (POSTGRES_ADMIN) {
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(POSTGRES_ADMIN);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    }
    console.log(`database: ${databaseUrl ? 'PostgreSQL (fresh database)' : 'PGlite (embedded, the default)'}`);
    const store = await startBenchMediaStore();
    console.log(`media store: ${store.label}`);
    const blobStore = store.open(dataDir);
    try {
      let server = await startServer(dataDir, databaseUrl, store.env);
      const { token, albumId } = await eliteAlbum(server.url);
      await server.stop(); // PGlite has one owner: rows are written while the server is stopped.
      const seeded = await seedPhotos(dataDir, albumId, databaseUrl, blobStore);
      console.log(
        `seeded ${PHOTOS} originals of ${(PHOTO_BYTES / 1024 / 1024).toFixed(1)} MB (${((PHOTOS * PHOTO_BYTES) / 1024 ** 3).toFixed(2)} GiB) through the blob store, rows written directly, in ${seeded.seconds.toFixed(0)} s`,
      );
      server = await startServer(dataDir, databaseUrl, store.env);
      try {
        const link = await api(`${server.url}/api/events/${albumId}/download-link`, 'GET', token);
        const rssBeforeKb = rssKb(server.pid, 'VmRSS');
        await readAll(blobStore, seeded.keys); // warm-up: both measurements read from the same page cache
        const before = await readAll(blobStore, seeded.keys);
        const download = await downloadZip(server.url + link.data.url, server.pid);
        const after = await readAll(blobStore, seeded.keys);
        const baseline = mbps(before.bytes + after.bytes, before.seconds + after.seconds);
        const measured = mbps(download.bytes, download.seconds);
        if (download.bytes !== download.contentLength || download.bytes !== link.data.bytes) {
          throw new Error(
            `size mismatch: received ${download.bytes}, Content-Length ${download.contentLength}, link ${link.data.bytes}`,
          );
        }
        console.log(`storage read (blob store, mean of before and after): ${baseline.toFixed(0)} MB/s`);
        console.log(
          `ZIP over HTTP: ${measured.toFixed(0)} MB/s, ${(download.bytes / 1024 ** 3).toFixed(2)} GiB in ${download.seconds.toFixed(1)} s, Content-Length exact`,
        );
        console.log(`ratio to storage read: ${(measured / baseline).toFixed(2)} (target ≥ 1.0)`);
        console.log(
          `server RSS: ${(rssBeforeKb / 1024).toFixed(0)} MB before, peak ${(download.peakKb / 1024).toFixed(0)} MB during the download, ` +
            `+${((download.peakKb - rssBeforeKb) / 1024).toFixed(0)} MB for the download (target < 50 MB); process high-water mark ${(rssKb(server.pid, 'VmHWM') / 1024).toFixed(0)} MB`,
        );
      } finally {
        await server.stop();
      }
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (POSTGRES_ADMIN) {
        const admin = new pg.Client({ connectionString: POSTGRES_ADMIN });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName}`);
        await admin.end();
      }
    }
  },
};
