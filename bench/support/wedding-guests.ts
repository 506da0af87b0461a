import { GUEST_TOKEN_HEADER } from '@momentos/contract';
import { joinAsGuest, type E2eAlbum } from '../../e2e/support/album-fixture.js';
import { ErrorTally } from './load-stats.js';
import { photoUploadBody } from './photo-upload-body.js';
import { labelledCopy } from './wedding-photos.js';

/** What every guest's phone saw, shared by all of them during one run. */
export interface GuestLog {
  /** Photos whose upload was sent. */
  attempted: number;
  /** The id of every photo answered 201, in the order the answers came. */
  acknowledgedIds: string[];
  /** Request start to 201, per acknowledged upload. */
  acknowledgeMs: number[];
  /** When each acknowledged photo's upload started (performance.now()), for its slideshow delay. */
  startedAt: Map<string, number>;
  /** How long uploads waited behind the same guest's previous one (open loop only). */
  queuedMs: number[];
  uploadErrors: ErrorTally;
  joins: number;
  joinErrors: ErrorTally;
  /** Browsing: photo list pages and thumbnails, apart. */
  listMs: number[];
  thumbMs: number[];
  browseErrors: ErrorTally;
}

export function newGuestLog(): GuestLog {
  return {
    attempted: 0,
    acknowledgedIds: [],
    acknowledgeMs: [],
    startedAt: new Map(),
    queuedMs: [],
    uploadErrors: new ErrorTally(),
    joins: 0,
    joinErrors: new ErrorTally(),
    listMs: [],
    thumbMs: [],
    browseErrors: new ErrorTally(),
  };
}

/** Joins as a named guest; a refusal is logged and answers undefined. */
export async function joinGuest(album: E2eAlbum, name: string, log: GuestLog): Promise<string | undefined> {
  try {
    const token = await joinAsGuest(album, name);
    log.joins++;
    return token;
  } catch (error) {
    // joinAsGuest's message holds the status and body.
    log.joinErrors.add((error as Error).message.replace(/^POST /, 'join '));
    return undefined;
  }
}

export interface GuestPhotoUpload {
  guest: number;
  photo: number;
  token: string;
  base: Buffer;
}

/**
 * One photo as the guest page sends it (multipart: uploaderName, then the file as "photo"), made
 * byte-distinct with its guest and photo number. The 201 comes once the renditions are stored.
 */
export async function uploadPhoto(album: E2eAlbum, upload: GuestPhotoUpload, log: GuestLog): Promise<void> {
  const name = `Invitado ${upload.guest + 1}`;
  const bytes = labelledCopy(
    upload.base,
    `Momentos wedding bench: guest ${upload.guest + 1}, photo ${upload.photo + 1}`,
  );
  const { body, contentType } = photoUploadBody(bytes, name, `IMG_${upload.photo + 1}.jpg`);
  log.attempted++;
  const started = performance.now();
  try {
    const response = await fetch(`${album.baseUrl}/api/albums/${album.albumId}/photos`, {
      method: 'POST',
      body,
      headers: { [GUEST_TOKEN_HEADER]: upload.token, 'content-type': contentType },
    });
    // 200 would be a photo the album already held: a second copy of one upload, an error here.
    if (response.status !== 201) return await log.uploadErrors.addResponse('upload', response);
    const { data } = (await response.json()) as { data: { id: string } };
    log.acknowledgeMs.push(performance.now() - started);
    log.acknowledgedIds.push(data.id);
    log.startedAt.set(data.id, started);
  } catch (error) {
    log.uploadErrors.addFailure('upload', error);
  }
}

/** Photos a browsing guest's list page holds (apps/web's PAGE_SIZE) and thumbnails it then loads. */
const BROWSE_PAGE_SIZE = 60;
const THUMBS_PER_VISIT = 4;

/**
 * One look at the album by a browsing guest: a page of photos (mostly the newest, sometimes an
 * older one of those there are), then a few of its thumbnails by the signed URLs the list carries.
 * Answers the album's photo count as the page gave it.
 */
export async function browseOnce(
  album: E2eAlbum,
  token: string,
  knownCount: number,
  random: () => number,
  log: GuestLog,
): Promise<number> {
  const pages = Math.max(1, Math.ceil(knownCount / BROWSE_PAGE_SIZE));
  const page = random() < 0.7 ? 1 : 1 + Math.floor(random() * pages);
  const started = performance.now();
  let items: { thumbnailUrl: string }[];
  let totalCount: number;
  try {
    const response = await fetch(
      `${album.baseUrl}/api/albums/${album.albumId}/photos?page=${page}&pageSize=${BROWSE_PAGE_SIZE}`,
      { headers: { [GUEST_TOKEN_HEADER]: token } },
    );
    if (!response.ok) {
      await log.browseErrors.addResponse('photo list', response);
      return knownCount;
    }
    ({ items, totalCount } = ((await response.json()) as { data: { items: typeof items; totalCount: number } }).data);
    log.listMs.push(performance.now() - started);
  } catch (error) {
    log.browseErrors.addFailure('photo list', error);
    return knownCount;
  }
  const picked = items.filter(() => random() < THUMBS_PER_VISIT / Math.max(items.length, THUMBS_PER_VISIT));
  // A browser loads a page's images side by side.
  await Promise.all(
    picked.map(async ({ thumbnailUrl }) => {
      const thumbStarted = performance.now();
      try {
        const response = await fetch(`${album.baseUrl}${thumbnailUrl}`);
        if (!response.ok) return await log.browseErrors.addResponse('thumbnail', response);
        await response.arrayBuffer();
        log.thumbMs.push(performance.now() - thumbStarted);
      } catch (error) {
        log.browseErrors.addFailure('thumbnail', error);
      }
    }),
  );
  return totalCount;
}
