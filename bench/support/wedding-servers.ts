import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, startProductServer, type ProductServer } from '../../e2e/support/product-server.js';
import { startBenchMediaStore, type BenchMediaStore } from './media-store.js';
import { startRoundRobinProxy, type Balance, type RoundRobinProxy } from './round-robin-proxy.js';
import { startLocalS3 } from '../../apps/server/test/support/s3-server.js';

export type WeddingDatabase = 'pglite' | 'postgres';

export interface DeploymentOptions {
  database: WeddingDatabase;
  servers: number;
  /** S3-compatible storage (s3rver on loopback) even for one server; several servers always share it. */
  s3: boolean;
  /** Put the round-robin proxy in front even of one server, so one and two servers pay the same hop. */
  proxy: boolean;
  balance: Balance;
  /** Admin URL of the PostgreSQL server a fresh database is made on. */
  postgresAdminUrl: string;
}

export interface WeddingDeployment {
  /** Where guests send their requests: the proxy, or the one server. */
  url: string;
  /** The server processes, for their CPU and memory. */
  pids: number[];
  /** Printed with every figure: which database, storage and servers it was measured on. */
  label: string;
  proxy?: RoundRobinProxy;
  stop(): Promise<void>;
}

/** A new empty PostgreSQL database on the admin URL's server; `drop()` removes it. */
async function freshDatabase(adminUrl: string) {
  const name = `momentos_wedding_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The compiled server can be replaced while it starts (the lead's build renames files into dist/): try again once. */
async function startServer(env: Record<string, string>): Promise<ProductServer> {
  try {
    return await startProductServer(env);
  } catch (error) {
    console.log(`server start failed (${(error as Error).message}); retrying once`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return startProductServer(env);
  }
}

/**
 * One or more compiled servers with default settings, as a venue's one deployment. Several servers
 * share one PostgreSQL database, one bucket (s3rver) and one MEDIA_URL_SECRET (a rendition URL one
 * signs, the other serves), behind the round-robin proxy, as docs/operations.md lists for several
 * servers; PUBLIC_URL is the proxy's, since checkout accepts return addresses only on it.
 */
export async function startWeddingDeployment(options: DeploymentOptions): Promise<WeddingDeployment> {
  if (options.servers > 1 && options.database !== 'postgres') {
    throw new Error('several servers need WEDDING_DB=postgres: the embedded PGlite belongs to one process');
  }
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.log(String(error)));
  };
  try {
    const database = options.database === 'postgres' ? await freshDatabase(options.postgresAdminUrl) : undefined;
    if (database) cleanups.push(database.drop);
    const shared = options.s3 || options.servers > 1;
    let store: Pick<BenchMediaStore, 'label' | 'env' | 'close'>;
    if (shared) {
      const s3 = await startLocalS3();
      store = { label: `s3rver on loopback (${s3.endpoint})`, env: s3.env, close: s3.close };
    } else {
      store = await startBenchMediaStore();
    }
    cleanups.push(store.close);

    const useProxy = options.proxy || options.servers > 1;
    const proxyPort = useProxy ? await freePort() : undefined;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      MEDIA_URL_SECRET: randomBytes(24).toString('hex'),
      ...(database && { DATABASE_URL: database.url }),
      ...(proxyPort && { PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUST_PROXY: 'true' }),
      ...store.env,
    };
    const servers: ProductServer[] = [];
    // One after the other: the first applies the migrations, the next finds nothing to do.
    for (let index = 0; index < options.servers; index++) {
      const server = await startServer(env);
      servers.push(server);
      cleanups.push(() => server.stop());
    }
    let proxy: RoundRobinProxy | undefined;
    if (proxyPort) {
      const targets = servers.map((server) => server.url);
      proxy = await startRoundRobinProxy({ port: proxyPort, targets, balance: options.balance });
      cleanups.push(proxy.close);
    }
    const serverWord = options.servers === 1 ? 'server' : 'servers';
    return {
      url: proxy?.url ?? servers[0]!.url,
      pids: servers.map((server) => server.pid),
      label: [
        `${options.servers} ${serverWord}${proxy ? ` behind the proxy (${options.balance})` : ''}`,
        database ? `PostgreSQL (fresh database ${database.name})` : 'PGlite (embedded)',
        `media: ${store.label}`,
      ].join(' · '),
      proxy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
