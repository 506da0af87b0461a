import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { lockDataDir, serverUsingOrNone } from './platform/operations/data-dir-lock.js';

async function main() {
  const config = loadConfig();
  // The embedded database belongs to one process: a second server, a backup or a restore waits.
  let releaseDataDir = () => {};
  if (!config.DATABASE_URL) {
    const other = serverUsingOrNone(config.dataDir);
    if (other)
      throw new ConfigError(
        `Another server (pid ${other}) is using ${config.dataDir}; the embedded database serves one process.`,
      );
    releaseDataDir = lockDataDir(config.dataDir);
  }
  const app = await buildApp({ config });

  // Finish the requests in flight, then close the database, before exiting.
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 25_000);
    forceExit.unref();
    await app.close();
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start', error);
  }
  process.exit(1);
});
