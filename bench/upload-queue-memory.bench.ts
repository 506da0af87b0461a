import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finishedAlbum, listedPhotos } from '../e2e/support/album-fixture.js';
import { launchBrowser, PHONE } from '../e2e/support/browser.js';
import { startProductServer } from '../e2e/support/product-server.js';
import { writePhotos } from './support/photo-files.js';

const PHOTOS = Number(process.env.QUEUE_MEMORY_PHOTOS ?? 200);
const MB = 1024 * 1024;

/** Proportional set size (MB) of every Chromium process: shared pages counted once across them. */
function chromiumMemory(): number {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Debian's /usr/bin/chromium is a script that starts /usr/lib/chromium/chromium.
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('/usr/lib/chromium/chromium')) continue;
      kb += Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended between the listing and the read: it holds nothing any more.
    }
  }
  return kb / 1024;
}

const serverRss = (pid: number) =>
  Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Samples `read` every 250 ms until stopped; answers the highest value seen. */
function peakOf(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

/**
 * Issue 17: a queue of 200 twelve-megapixel photos is never held in memory at once, on the phone
 * or on the server. A guest on a 390 px phone picks them all on the built product's guest page,
 * the page writes them to IndexedDB and makes their thumbnails, then sends them. Printed: what
 * Chromium (all its processes, PSS) and the server (RSS) hold at most, against the same page and
 * server at rest before the pick, in the same run, and against the bytes picked.
 */
export const uploadQueueMemoryBenchmark = {
  name: 'queue-memory: 200 twelve-megapixel photos picked and sent from a phone, memory against the page at rest',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-queue-memory-'));
    const [server, browser] = await Promise.all([startProductServer(), launchBrowser()]);
    try {
      console.log(`making ${PHOTOS} distinct 12 MP JPEGs…`);
      const files = await writePhotos(dir, PHOTOS);
      const picked = files.reduce((total, file) => total + fs.statSync(file).size, 0) / MB;
      const album = await finishedAlbum(server.url, 'elite');
      const context = await browser.newContext({ viewport: PHONE, locale: 'es-MX' });
      const page = await context.newPage();
      await page.goto(`${server.url}/guest/${album.accessCode}`);
      await page.getByTestId('guest-name').fill('Tía Carmen');
      await page.waitForTimeout(2000);
      const atRest = { phone: chromiumMemory(), server: serverRss(server.pid) };

      const started = Date.now();
      const phonePeak = peakOf(chromiumMemory);
      const serverPeak = peakOf(() => serverRss(server.pid));
      await page.getByTestId('guest-file-input').setInputFiles(files);
      await page
        .getByTestId('guest-file')
        .nth(PHOTOS - 1)
        .waitFor({ timeout: 10 * 60_000 });
      await page.waitForFunction(() => !document.querySelector('[data-testid="guest-file-thumbnail-pending"]'), null, {
        timeout: 10 * 60_000,
        polling: 500,
      });
      const queued = (Date.now() - started) / 1000;
      await page.getByTestId('guest-submit').click();
      await page.getByTestId('guest-last-batch').waitFor({ timeout: 30 * 60_000 });
      const sent = (Date.now() - started) / 1000 - queued;
      const peak = { phone: phonePeak(), server: serverPeak() };
      const stored = (await listedPhotos(album)).totalCount;

      const line = (label: string, rest: number, most: number) =>
        `${label}: at rest ${rest.toFixed(0)} MB, at most ${most.toFixed(0)} MB, added ${(most - rest).toFixed(0)} MB ` +
        `= ${((most - rest) / picked).toFixed(2)} of the ${picked.toFixed(0)} MB picked (target < 0.5: never all at once)`;
      console.log(
        `${PHOTOS} photos, ${picked.toFixed(0)} MB: queued with thumbnails in ${queued.toFixed(1)} s, sent in ${sent.toFixed(1)} s; album holds ${stored}`,
      );
      console.log(line('phone (Chromium, PSS)', atRest.phone, peak.phone));
      console.log(line('server (RSS)', atRest.server, peak.server));
      await context.close();
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
