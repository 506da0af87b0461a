import { seededRandom } from '../../e2e/support/seeded-random.js';
import type { E2eAlbum } from '../../e2e/support/album-fixture.js';
import { browseOnce, joinGuest, uploadPhoto, type GuestLog, type GuestPhotoUpload } from './wedding-guests.js';

export interface WeddingPlan {
  guests: number;
  photosPerGuest: number;
  windowSeconds: number;
  browsers: number;
  /** Closed loop: concurrent uploaders. */
  clients: number;
  seed: number;
  basePhotos: Buffer[];
}

/** Guests arrive during the first half of the party; their photos fall anywhere after they joined. */
const JOIN_SHARE = 0.5;
const BROWSE_PAUSE_MS = { min: 3000, max: 8000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The base photo of a guest's n-th upload: the same in every run and every mode, so runs compare. */
const baseOf = (plan: WeddingPlan, guest: number, photo: number) =>
  plan.basePhotos[(guest * plan.photosPerGuest + photo) % plan.basePhotos.length]!;

/** When each guest joins and wants to send each photo (ms from the start), from the seed. */
export function scheduleOf(plan: WeddingPlan) {
  const random = seededRandom(plan.seed);
  const windowMs = plan.windowSeconds * 1000;
  return Array.from({ length: plan.guests }, () => {
    const joinAtMs = random() * windowMs * JOIN_SHARE;
    const photoAtMs = Array.from({ length: plan.photosPerGuest }, () => joinAtMs + random() * (windowMs - joinAtMs));
    return { joinAtMs, photoAtMs: photoAtMs.sort((a, b) => a - b) };
  });
}

/**
 * The open-loop wedding: each guest joins at its moment and sends its photos at theirs, one after
 * the other as a phone's queue does (a photo due while the previous one is still sending waits for
 * it), whatever the server's pace; meanwhile the browsing guests look at the album every few
 * seconds until the last upload is answered. Resolves when every guest is done.
 */
export async function runOpenLoop(album: E2eAlbum, plan: WeddingPlan, log: GuestLog): Promise<void> {
  const started = performance.now();
  const at = (ms: number) => sleep(started + ms - performance.now());
  let isOver = false;
  let wakeBrowsers: () => void = () => {};
  const over = new Promise<void>((resolve) => (wakeBrowsers = resolve));

  const uploaders = scheduleOf(plan).map(async ({ joinAtMs, photoAtMs }, guest) => {
    await at(joinAtMs);
    const token = await joinGuest(album, `Invitado ${guest + 1}`, log);
    if (!token) return;
    for (const [photo, dueMs] of photoAtMs.entries()) {
      const lateMs = performance.now() - started - dueMs;
      if (lateMs > 0) log.queuedMs.push(lateMs);
      else await at(dueMs);
      await uploadPhoto(album, { guest, photo, token, base: baseOf(plan, guest, photo) }, log);
    }
  });

  const browseRandom = seededRandom(plan.seed + 1);
  const browsers = Array.from({ length: plan.browsers }, async (_, browser) => {
    const joinAtMs = browseRandom() * plan.windowSeconds * 1000 * JOIN_SHARE;
    const random = seededRandom(plan.seed * 1000 + browser);
    await Promise.race([at(joinAtMs), over]);
    if (isOver) return;
    const token = await joinGuest(album, `Mirón ${browser + 1}`, log);
    if (!token) return;
    let knownCount = 0;
    while (!isOver) {
      knownCount = await browseOnce(album, token, knownCount, random, log);
      const pause = BROWSE_PAUSE_MS.min + random() * (BROWSE_PAUSE_MS.max - BROWSE_PAUSE_MS.min);
      await Promise.race([sleep(pause), over]);
    }
  });

  await Promise.all(uploaders);
  isOver = true;
  wakeBrowsers();
  await Promise.all(browsers);
}

/** Joins every uploading guest before a closed-loop run, `clients` at a time; answers their tokens. */
export async function joinAll(album: E2eAlbum, plan: WeddingPlan, log: GuestLog): Promise<(string | undefined)[]> {
  const tokens: (string | undefined)[] = new Array(plan.guests);
  let next = 0;
  await Promise.all(
    Array.from({ length: plan.clients }, async () => {
      for (let guest = next++; guest < plan.guests; guest = next++) {
        tokens[guest] = await joinGuest(album, `Invitado ${guest + 1}`, log);
      }
    }),
  );
  return tokens;
}

/**
 * The closed-loop burst: every guest's photos (first photos of all guests, then second ones…)
 * sent as fast as `clients` concurrent uploaders can, each with its guest's token. Answers the
 * seconds from the first request to the last answer.
 */
export async function runBurst(
  album: E2eAlbum,
  plan: WeddingPlan,
  tokens: (string | undefined)[],
  log: GuestLog,
): Promise<number> {
  const queue: GuestPhotoUpload[] = [];
  for (let photo = 0; photo < plan.photosPerGuest; photo++) {
    tokens.forEach((token, guest) => {
      if (token) queue.push({ guest, photo, token, base: baseOf(plan, guest, photo) });
    });
  }
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.clients }, async () => {
      for (let upload = queue.shift(); upload; upload = queue.shift()) await uploadPhoto(album, upload, log);
    }),
  );
  return (performance.now() - started) / 1000;
}
