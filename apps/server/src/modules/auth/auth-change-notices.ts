import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client.js';
import { openNotificationChannel, type ChannelLogger, type ChannelOptions } from '../../db/notifications.js';
import { createAccessGrantCache, type AccessGrantCache, type AccessGrantCacheOptions } from './access-grant-cache.js';

/** Where migration 0019's triggers announce a changed user, session or access token. */
export const AUTH_CHANGE_CHANNEL = 'momentos_auth_changed';

type Notice = { userId: string } | { sessionId: string } | { barrier: string };

function parseNotice(payload: string): Notice | undefined {
  try {
    const notice = JSON.parse(payload) as Record<string, unknown>;
    if (typeof notice.userId === 'string') return { userId: notice.userId };
    if (typeof notice.sessionId === 'string') return { sessionId: notice.sessionId };
    if (typeof notice.barrier === 'string') return { barrier: notice.barrier };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

export interface SharedGrantCache extends AccessGrantCache {
  /** Resolves once this server has heard every change committed before the call (at most 1 s on PostgreSQL). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The access grant cache of a server that may have siblings on the same database: every change
 * to a user, session or access token, whoever makes it, is announced by the database at commit
 * and drops the matching grants here. While the listener is down the cache is not read, and it
 * is emptied when the listener drops and again when it listens anew.
 */
export async function createSharedGrantCache(
  database: DatabaseHandle,
  logger: ChannelLogger,
  options: Omit<AccessGrantCacheOptions, 'isTrusted'> & Pick<ChannelOptions, 'backoffMs'> = {},
): Promise<SharedGrantCache> {
  const { backoffMs, ...cacheOptions } = options;
  let isListening = () => false;
  const cache = createAccessGrantCache({ ...cacheOptions, isTrusted: () => isListening() });
  const barriers = new Map<string, () => void>();
  const channel = await openNotificationChannel(
    database,
    AUTH_CHANGE_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      if ('barrier' in notice) return barriers.get(notice.barrier)?.();
      cache.forget(notice);
    },
    { logger, backoffMs, onMissedNotices: () => cache.clear() },
  );
  isListening = channel.isListening;
  await channel.ready;

  return {
    ...cache,
    async settled() {
      // PGlite runs listeners before the writing query returns: nothing is in flight.
      if (database.pglite || !channel.isListening()) return;
      const id = randomUUID();
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        barriers.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await channel.notify(JSON.stringify({ barrier: id }));
      await heard;
      barriers.delete(id);
    },
    async close() {
      for (const release of barriers.values()) release();
      await channel.close();
    },
  };
}
