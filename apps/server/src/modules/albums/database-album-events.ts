import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client.js';
import { openNotificationChannel, type ChannelLogger, type ChannelOptions } from '../../db/notifications.js';
import { createAlbumEvents, type AlbumEvent, type AlbumEvents } from './album-events.js';
import type { AlbumChange } from './album-read-cache.js';

/**
 * The one database channel every server listens on; payloads are `{ serverId, albumId, event }`
 * from servers, and `{ albumChanged }` from the database's triggers.
 */
export const ALBUM_LIVE_CHANNEL = 'momentos_album_live';

interface Notice {
  serverId: string;
  albumId: string;
  event: AlbumEvent;
}

/**
 * What the database itself sends (migration 0012's triggers) when any of an album's rows change;
 * since migration 0020 a change to its photos, likes, comments, messages or sections says
 * `"scope": "content"`.
 */
interface ChangeNotice {
  albumChanged: string;
  change: AlbumChange;
}

/** A server's own marker: once it comes back, every notice committed before it has been heard. */
interface BarrierNotice {
  barrier: string;
}

function parseNotice(payload: string): Notice | ChangeNotice | BarrierNotice | undefined {
  try {
    const notice = JSON.parse(payload) as Partial<Notice & BarrierNotice & { albumChanged: string; scope: string }>;
    if (typeof notice.albumChanged === 'string') {
      // A notice without a scope (an older server's trigger) may have changed anything.
      return { albumChanged: notice.albumChanged, change: notice.scope === 'content' ? 'content' : 'album' };
    }
    if (typeof notice.barrier === 'string') return { barrier: notice.barrier };
    const { serverId, albumId, event } = notice;
    if (typeof serverId !== 'string' || typeof albumId !== 'string') return undefined;
    if ((event?.type !== 'photo' && event?.type !== 'video') || typeof event.photoId !== 'string') return undefined;
    return { serverId, albumId, event: { type: event.type, photoId: event.photoId } };
  } catch {
    return undefined;
  }
}

/**
 * The album event hub of a server that may have siblings on the same database: `publish` delivers
 * to this server's streams at once and sends `NOTIFY` (through the pool, fire and forget); every
 * server `LISTEN`s and delivers other servers' notices to its own streams. A notice carries the
 * sender's random id, so a server never delivers its own event twice, and its own streams hear it
 * even while the listener is reconnecting.
 */
export interface AlbumChangeHooks {
  /** An album's rows changed (here or on another server); runs before any stream hears of it. */
  onAlbumChanged?: (albumId: string, change: AlbumChange) => void;
  /** The listener was lost for a while: changes may have gone unheard. */
  onMissedNotices?: () => void;
}

export async function createDatabaseAlbumEvents(
  database: DatabaseHandle,
  logger: ChannelLogger,
  options: Omit<ChannelOptions, 'logger' | 'onMissedNotices'> & AlbumChangeHooks = {},
): Promise<AlbumEvents & { serverId: string }> {
  const { onAlbumChanged = () => undefined, onMissedNotices, ...channelOptions } = options;
  const local = createAlbumEvents();
  const serverId = randomUUID();
  const barriers = new Map<string, () => void>();
  const channel = await openNotificationChannel(
    database,
    ALBUM_LIVE_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      if ('albumChanged' in notice) return onAlbumChanged(notice.albumChanged, notice.change);
      if ('barrier' in notice) return barriers.get(notice.barrier)?.();
      if (notice.serverId === serverId) return;
      // Events are photos and videos becoming visible or playable: content.
      onAlbumChanged(notice.albumId, 'content');
      local.publish(notice.albumId, notice.event);
    },
    { ...channelOptions, logger, onMissedNotices },
  );
  await channel.ready;
  return {
    ...local,
    serverId,
    publish(albumId, event) {
      // This server's streams hear the event before the database's own notice comes back.
      onAlbumChanged(albumId, 'content');
      local.publish(albumId, event);
      void channel.notify(JSON.stringify({ serverId, albumId, event } satisfies Notice));
    },
    async stop() {
      for (const release of barriers.values()) release();
      await channel.close();
    },
    changed(albumId, change) {
      onAlbumChanged(albumId, change);
    },
    async settled() {
      // PGlite runs listeners before the writing query returns: nothing is in flight.
      if (database.pglite) return;
      const id = randomUUID();
      const heard = new Promise<void>((resolve) => {
        // Never wait long: a lost listener already costs at most the cache's TTL.
        const timer = setTimeout(resolve, 1000);
        barriers.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await channel.notify(JSON.stringify({ barrier: id } satisfies BarrierNotice));
      await heard;
      barriers.delete(id);
    },
  };
}
