import http from 'node:http';
import type { Browser, Response } from 'playwright-core';
import { sampleJpeg, type E2eAlbum } from '../../e2e/support/album-fixture.js';
import { PHONE } from '../../e2e/support/browser.js';
import { ErrorTally } from './load-stats.js';

/** Longer than this from navigation to joined counts as delayed. */
export const JOIN_DELAY_TARGET_MS = 3000;

export interface GuestLog {
  visits: number;
  joined: number;
  /** Visits that met a 429 or an error on the page, or never joined, by what happened. */
  refused: ErrorTally;
  delayed: number;
  joinMs: number[];
}

export const newGuestLog = (): GuestLog => ({
  visits: 0,
  joined: 0,
  refused: new ErrorTally(),
  delayed: 0,
  joinMs: [],
});

const isJoin = (response: Response) =>
  response.request().method() === 'POST' && /^\/api\/albums\/[^/]+\/guests$/.test(new URL(response.url()).pathname);

/**
 * A real guest: a new browser context opens the album's guest page (as its QR code does), the
 * guest types a name and sends one small photo, which joins the album with the code. Joined is
 * the join's 201; the guest page must have shown first, with no 429 anywhere on the way.
 */
export async function visitAsGuest(browser: Browser, baseUrl: string, album: E2eAlbum, name: string, log: GuestLog) {
  log.visits++;
  const context = await browser.newContext({ viewport: PHONE });
  const refusals: string[] = [];
  context.on('response', (response) => {
    if (response.status() === 429) refusals.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  const photo = await sampleJpeg(log.visits, 320, 240);
  const started = performance.now();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/guest/${album.accessCode}`);
    const form = page.getByTestId('guest-upload-page');
    const trouble = page.getByTestId('guest-not-found').or(page.getByTestId('guest-load-error'));
    await form.or(trouble).first().waitFor({ timeout: 30_000 });
    if (!(await form.isVisible())) {
      log.refused.add(`guest page showed ${await trouble.first().getAttribute('data-testid')}`);
      return;
    }
    const joining = page.waitForResponse(isJoin, { timeout: 30_000 });
    await page.getByTestId('guest-name').fill(name);
    await page
      .getByTestId('guest-file-input')
      .setInputFiles([{ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByTestId('guest-submit').click();
    const joined = await joining;
    const ms = performance.now() - started;
    if (joined.status() !== 201) {
      log.refused.add(`join → ${joined.status()} ${(await joined.text()).slice(0, 200)}`);
      return;
    }
    // The photo goes on with the guest pass, not the code; it is waited for so no upload is cut off.
    await page.getByTestId('guest-last-batch').waitFor({ timeout: 30_000 });
    if (refusals.length > 0) {
      log.refused.add(`joined, but met 429 on ${[...new Set(refusals)].join(', ')}`);
      return;
    }
    log.joined++;
    log.joinMs.push(ms);
    if (ms > JOIN_DELAY_TARGET_MS) log.delayed++;
  } catch (error) {
    const seen = refusals.length > 0 ? ` (429 on ${[...new Set(refusals)].join(', ')})` : '';
    log.refused.add(`${(error as Error).message.split('\n')[0]}${seen}`);
  } finally {
    await context.close();
  }
}

/** Guests arrive one after another, one every `everyMs`, at the albums in turn, until `untilMs` (performance.now()). */
export async function guestsUntil(
  browser: Browser,
  baseUrl: string,
  albums: E2eAlbum[],
  everyMs: number,
  untilMs: number,
  log: GuestLog,
) {
  for (let index = 0; performance.now() < untilMs; index++) {
    const next = performance.now() + everyMs;
    await visitAsGuest(browser, baseUrl, albums[index % albums.length]!, `Invitado ${log.visits + 1}`, log);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(next, untilMs) - performance.now())));
  }
}

export interface VenueLog {
  joins: number;
  joined: number;
  refused: number;
  others: ErrorTally;
  ms: number[];
}

/** A venue: `count` guests join at once with the right code from one address (the venue's Wi-Fi). */
export async function venueJoins(baseUrl: string, album: E2eAlbum, count: number, localAddress: string) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: false, maxSockets: count });
  const log: VenueLog = { joins: count, joined: 0, refused: 0, others: new ErrorTally(), ms: [] };
  const join = (index: number) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ name: `Mesa ${index + 1}`, accessCode: album.accessCode });
      const started = performance.now();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: `/api/albums/${album.albumId}/guests`,
          agent,
          localAddress,
          timeout: 30_000,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            log.ms.push(performance.now() - started);
            if (response.statusCode === 201) log.joined++;
            else if (response.statusCode === 429) log.refused++;
            else log.others.add(`join → ${response.statusCode}`);
            resolve();
          });
          response.on('error', (error) => {
            log.others.addFailure('join', error);
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer in 30 s')));
      request.on('error', (error) => {
        log.others.addFailure('join', error);
        resolve();
      });
      request.end(body);
    });
  await Promise.all(Array.from({ length: count }, (_, index) => join(index)));
  agent.destroy();
  return log;
}
