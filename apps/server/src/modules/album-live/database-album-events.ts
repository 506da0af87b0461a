import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client.js';
import { openNotificationChannel, type ChannelLogger, type ChannelOptions } from '../../db/notifications.js';
import { createAlbumEvents, type AlbumEvent, type AlbumEvents } from './album-events.js';

/** The one database channel every server listens on; payloads are `{ serverId, albumId, event }`. */
export const ALBUM_LIVE_CHANNEL = 'momentos_album_live';

interface Notice {
  serverId: string;
  albumId: string;
  event: AlbumEvent;
}

function parseNotice(payload: string): Notice | undefined {
  try {
    const notice = JSON.parse(payload) as Partial<Notice>;
    const { serverId, albumId, event } = notice;
    if (typeof serverId !== 'string' || typeof albumId !== 'string') return undefined;
    if (event?.type !== 'photo' || typeof event.photoId !== 'string') return undefined;
    return { serverId, albumId, event: { type: 'photo', photoId: event.photoId } };
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
export async function createDatabaseAlbumEvents(database: DatabaseHandle, logger: ChannelLogger, options: Omit<ChannelOptions, 'logger'> = {}): Promise<AlbumEvents & { serverId: string }> {
  const local = createAlbumEvents();
  const serverId = randomUUID();
  const channel = await openNotificationChannel(
    database,
    ALBUM_LIVE_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (notice && notice.serverId !== serverId) local.publish(notice.albumId, notice.event);
    },
    { ...options, logger },
  );
  await channel.ready;
  return {
    ...local,
    serverId,
    publish(albumId, event) {
      local.publish(albumId, event);
      void channel.notify(JSON.stringify({ serverId, albumId, event } satisfies Notice));
    },
    async stop() {
      await channel.close();
    },
  };
}
