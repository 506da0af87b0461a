import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client.js';
import { openNotificationChannel, type ChannelLogger, type ChannelOptions } from '../../db/notifications.js';
import { createAccessGrantCache, type AccessGrantCache, type AccessGrantCacheOptions } from './access-grant-cache.js';

/** Where migration 0019's triggers announce a changed user, session or access token. */
export const AUTH_CHANGE_CHANNEL = 'momentos_auth_changed';

/** How long a change waits for every server to confirm it; a server stalled longer is not waited for. */
const SETTLE_TIMEOUT_MS = 1000;

type Notice = { userId: string } | { sessionId: string } | { barrier: string } | { ack: string };

function parseNotice(payload: string): Notice | undefined {
  try {
    const notice = JSON.parse(payload) as Record<string, unknown>;
    if (typeof notice.userId === 'string') return { userId: notice.userId };
    if (typeof notice.sessionId === 'string') return { sessionId: notice.sessionId };
    if (typeof notice.barrier === 'string') return { barrier: notice.barrier };
    if (typeof notice.ack === 'string') return { ack: notice.ack };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}

export interface SharedGrantCache extends AccessGrantCache {
  /**
   * Resolves once every server listening has applied every change committed before the call (at
   * most 1 s on PostgreSQL): a token signed out here is then refused by any server.
   */
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
  // A barrier's sender counts the acks every listener sends back once it heard the barrier.
  const barriers = new Map<string, { ack(): void; finish(): void }>();
  const channel = await openNotificationChannel(
    database,
    AUTH_CHANGE_CHANNEL,
    (payload) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      // Notices arrive in commit order and each is applied as it arrives: hearing a barrier means
      // every change committed before it was forgotten here.
      if ('barrier' in notice) return void channel.notify(JSON.stringify({ ack: notice.barrier }));
      if ('ack' in notice) return barriers.get(notice.ack)?.ack();
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
      // Hearing its own barrier would prove only that the others were sent the change: a busy
      // server may still be serving the token from its cache. So every listener confirms. One that
      // stops listening meanwhile empties its cache; one that starts was empty.
      const expected = Math.max(1, await channel.listenerCount());
      const id = randomUUID();
      const confirmed = new Promise<void>((resolve) => {
        let acks = 0;
        const finish = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          logger.warn({ acks, expected }, 'not every server confirmed an auth change within 1 s');
          finish();
        }, SETTLE_TIMEOUT_MS);
        barriers.set(id, { ack: () => ++acks >= expected && finish(), finish });
      });
      await channel.notify(JSON.stringify({ barrier: id }));
      await confirmed;
      barriers.delete(id);
    },
    async close() {
      for (const barrier of barriers.values()) barrier.finish();
      await channel.close();
    },
  };
}
