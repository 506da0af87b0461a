import type { EventAnalytics, EventDetails, OwnerPhoto, GuestPhoto } from '@momentos/contract';
import { apiCall, type E2eAlbum } from '../../e2e/support/album-fixture.js';

const OWNER_PAGE = 500;
const GUEST_PAGE = 100;

interface Paged<T> {
  data: { items: T[]; totalCount: number };
}

/** Every item of a paged list, page after page until one comes back short. */
async function allPages<T>(read: (page: number) => Promise<Paged<T>>): Promise<{ items: T[]; totalCount: number }> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { data } = await read(page);
    items.push(...data.items);
    if (data.items.length === 0 || items.length >= data.totalCount) return { items, totalCount: data.totalCount };
  }
}

export interface AlbumAudit {
  /** Each line: what was compared and whether it matched. */
  lines: string[];
  isExact: boolean;
}

/**
 * What the album holds after the run against what the guests were told (201 and an id): the host's
 * photo list (every state, paged), the guests' list, the host's counters (details' consolidado,
 * analytics' uploads per day) and the guests joined. No photo may be missing, none listed twice,
 * none there that no guest was told about, and every counter must equal the acknowledged count.
 */
export async function auditAlbum(
  album: E2eAlbum,
  guestToken: string,
  acknowledgedIds: string[],
  guestsJoined: number,
): Promise<AlbumAudit> {
  const token = album.host.session.access_token;
  const id = album.albumId;
  const owner = await allPages((page) =>
    apiCall<Paged<OwnerPhoto>>(album.baseUrl, `/api/events/photos/${id}?page=${page}&pageSize=${OWNER_PAGE}`, {
      token,
    }),
  );
  const guest = await allPages((page) =>
    apiCall<Paged<GuestPhoto>>(album.baseUrl, `/api/albums/${id}/photos?page=${page}&pageSize=${GUEST_PAGE}`, {
      headers: { 'x-guest-token': guestToken },
    }),
  );
  const details = (await apiCall<{ data: EventDetails }>(album.baseUrl, `/api/events/details/${id}`, { token })).data;
  const analytics = (await apiCall<{ data: EventAnalytics }>(album.baseUrl, `/api/events/${id}/analytics`, { token }))
    .data;

  const acknowledged = new Set(acknowledgedIds);
  const expected = acknowledged.size;
  const ownerIds = owner.items.map((photo) => photo.id);
  const ownerSet = new Set(ownerIds);
  const missing = [...acknowledged].filter((photoId) => !ownerSet.has(photoId));
  const unexpected = [...ownerSet].filter((photoId) => !acknowledged.has(photoId));
  const uploadsCounted = analytics.uploadsPerDay.reduce((sum, day) => sum + day.count, 0);
  const checks: [string, boolean][] = [
    [
      `acknowledged ids unique: ${acknowledgedIds.length} answers, ${expected} distinct ids`,
      acknowledgedIds.length === expected,
    ],
    [
      `host's list: ${ownerIds.length} items, ${ownerSet.size} distinct, totalCount ${owner.totalCount} (expected ${expected})`,
      ownerIds.length === expected && ownerSet.size === expected && owner.totalCount === expected,
    ],
    [`acknowledged but missing from the host's list: ${missing.length}`, missing.length === 0],
    [`in the host's list but never acknowledged: ${unexpected.length}`, unexpected.length === 0],
    [
      `guests' list: ${guest.items.length} items, ${new Set(guest.items.map((photo) => photo.id)).size} distinct, totalCount ${guest.totalCount}`,
      guest.items.length === expected && guest.totalCount === expected,
    ],
    [
      `host's counter (details' consolidado.photos): ${details.consolidado.photos}`,
      details.consolidado.photos === expected,
    ],
    [`host's analytics (uploads per day, summed): ${uploadsCounted}`, uploadsCounted === expected],
    [
      `guests joined: consolidado ${details.consolidado.guests}, analytics ${analytics.guests.joined} (expected ${guestsJoined})`,
      details.consolidado.guests === guestsJoined && analytics.guests.joined === guestsJoined,
    ],
  ];
  return {
    lines: checks.map(([line, isRight]) => `${isRight ? 'ok ' : 'BAD'} ${line}`),
    isExact: checks.every(([, isRight]) => isRight),
  };
}
