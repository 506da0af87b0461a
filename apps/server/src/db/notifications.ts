import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from './client.js';

/** Where a channel reports what goes wrong: a lost connection is logged, never thrown. */
export interface ChannelLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface NotificationChannel {
  /** Sends a payload to every listener of the channel, this process's included. Never throws. */
  notify(payload: string): Promise<void>;
  /** Resolves once this process is listening (or the first attempt has failed and retries go on). */
  ready: Promise<void>;
  /** Whether a notice sent now would be heard here; false while the listener reconnects. */
  isListening(): boolean;
  /** How many processes listen on the channel now, this one included (PGlite: this one). */
  listenerCount(): Promise<number>;
  close(): Promise<void>;
}

export interface ChannelOptions {
  logger: ChannelLogger;
  /** First and longest wait before reconnecting a dropped listener (doubles in between). */
  backoffMs?: { first: number; max: number };
  /** Called when the listener drops and again when it listens anew: notices may have been missed. */
  onMissedNotices?: () => void;
}

/**
 * `LISTEN`/`NOTIFY` on the database every server already shares, so each server hears what any
 * other one announces. On PostgreSQL the listener holds its own connection, outside the pool (a
 * pooled connection would be handed to queries and lose its `LISTEN`), and reconnects with backoff
 * when that connection drops; notifications sent while it is down are lost (they are hints, not
 * data). On PGlite every user of the one in-process database handle hears it directly.
 */
export async function openNotificationChannel(
  database: DatabaseHandle,
  channel: string,
  onPayload: (payload: string) => void,
  options: ChannelOptions,
): Promise<NotificationChannel> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const pending = new Set<Promise<void>>();
  const notify = (payload: string) => {
    const sent = database.db
      .execute(sql`select pg_notify(${channel}, ${payload})`)
      .then(() => undefined)
      .catch((error: unknown) =>
        options.logger.warn({ err: error, channel }, 'could not send a database notification'),
      );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
    return sent;
  };
  const settle = async () => {
    await Promise.allSettled([...pending]);
  };

  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, onPayload);
    return {
      notify,
      ready: Promise.resolve(),
      isListening: () => true,
      listenerCount: async () => 1,
      async close() {
        await settle();
        await unlisten().catch(() => undefined);
      },
    };
  }
  if (!database.postgresUrl)
    throw new Error('the database handle carries neither a PGlite client nor a PostgreSQL address');
  const listener = listenOnPostgres(database.postgresUrl, database.sessionName, channel, onPayload, options);
  return {
    notify,
    ready: listener.ready,
    isListening: listener.isListening,
    async listenerCount() {
      // A listener's connection runs nothing after its LISTEN, so that stays its last query. Sessions
      // of another database role show no query and are not counted.
      const result = (await database.db.execute(
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and query = ${`listen ${channel}`}`,
      )) as unknown as { rows: { count: number }[] };
      return result.rows[0]?.count ?? 0;
    },
    async close() {
      await settle();
      await listener.close();
    },
  };
}

/** A dedicated `pg.Client` that `LISTEN`s, reconnecting after 0.25 s, 0.5 s, 1 s … up to 10 s. */
function listenOnPostgres(
  url: string,
  sessionName: string,
  channel: string,
  onPayload: (payload: string) => void,
  { logger, backoffMs = { first: 250, max: 10_000 }, onMissedNotices }: ChannelOptions,
) {
  let closed = false;
  let client: pg.Client | undefined;
  let listening = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = backoffMs.first;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const scheduleReconnect = (current: pg.Client, error?: unknown) => {
    if (client !== current) return; // Already handled (both 'error' and 'end' fire).
    client = undefined;
    listening = false;
    current.removeAllListeners('notification');
    current.end().catch(() => undefined);
    if (closed) return;
    onMissedNotices?.();
    logger.warn({ err: error, channel, retryInMs: delay }, 'lost the database notification listener; reconnecting');
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, backoffMs.max);
  };

  const connect = async () => {
    timer = undefined;
    if (closed) return;
    // Named like the pool's connections: it stays open, so it tells other servers this one runs.
    const current = new pg.Client({ connectionString: url, application_name: sessionName });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    current.on('error', (error) => scheduleReconnect(current, error));
    current.on('end', () => scheduleReconnect(current));
    try {
      await current.connect();
      await current.query(`listen ${channel}`);
      if (client !== current) return;
      listening = true;
      if (delay !== backoffMs.first) onMissedNotices?.();
      delay = backoffMs.first;
      logger.info({ channel }, 'listening for database notifications');
    } catch (error) {
      scheduleReconnect(current, error);
    } finally {
      markReady();
    }
  };
  void connect();

  return {
    ready,
    isListening: () => listening,
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
