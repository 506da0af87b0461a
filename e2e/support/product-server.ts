import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RUN_LOG_LEVEL, runLogPath } from './test-run.js';

const root = path.resolve(import.meta.dirname, '../..');

export interface ProductServer {
  url: string;
  dataDir: string;
  /** The server process, for benchmarks that read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, with no shutdown hook, as in a crash. */
  kill(): Promise<void>;
}

/** A port nobody listens on right now, for a server this process is about to start. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * How the server process runs: `compiled` is production's plain node on apps/server/dist (which the
 * e2e global setup, `npm run build` and `npm run bench` build); `tsx` runs the TypeScript sources, as
 * `npm run dev` does, for benchmarks that compare the two.
 */
export type ServerRuntime = 'compiled' | 'tsx';
const compiledServer = 'apps/server/dist/main.js';

/**
 * `npm run serve`'s command from package.json (`VAR=value … node <args>`), so journeys and benchmarks
 * start the compiled server with production's environment and flags, not a copy of them.
 */
function productionCommand(): { env: Record<string, string>; args: string[] } {
  const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = packageJson.scripts.serve.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  return { env: envAssignments(words.slice(0, nodeAt).join(' ')), args: words.slice(nodeAt + 1) };
}

/** `A=1 B=x=y` as an environment ({A: '1', B: 'x=y'}): a script's prefix, or a benchmark's *_SERVER_ENV. */
export function envAssignments(text: string | undefined): Record<string, string> {
  const pairs = (text ?? '').split(' ').filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => pair.split(/=(.*)/s, 2) as [string, string]));
}

const serverCommand = (runtime: ServerRuntime) =>
  runtime === 'compiled' ? productionCommand() : { env: {}, args: ['--import', 'tsx', 'apps/server/src/main.ts'] };

/**
 * Starts the built product the way `npm start` serves it (one process, embedded database,
 * built web app) on a free port, with a new empty data directory unless one is given.
 */
export async function startProductServer(
  env: Record<string, string> = {},
  dataDir?: string,
  runtime: ServerRuntime = 'compiled',
): Promise<ProductServer> {
  // WEB_DIST_DIR in the environment serves another build (e.g. `vite build --outDir`), as the server reads it too.
  const distDir = env.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  if (distDir !== '' && !fs.existsSync(path.join(path.resolve(root, distDir), 'index.html'))) {
    throw new Error(`The web app is not built in ${distDir}: run \`npm run build\` first (npm test does).`);
  }
  if (runtime === 'compiled' && !fs.existsSync(path.join(root, compiledServer))) {
    throw new Error('The server is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const ownsDataDir = dataDir === undefined;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  // Inside `npm test` the server's log (pino writes to standard output) goes to a file in the run
  // directory, where check-run-logs.mjs greps it for secrets; at `info` it would flood the console.
  const logFile = runLogPath('product');
  const logFd = logFile ? fs.openSync(logFile, 'a') : undefined;
  // SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles a benchmark's server (NODE_OPTIONS refuses those flags).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const command = serverCommand(runtime);
  const child: ChildProcess = spawn('node', [...nodeArgs, ...command.args], {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      PUBLIC_URL: url,
      LOG_LEVEL: logFd === undefined ? 'warn' : RUN_LOG_LEVEL,
      EXAMPLE_ALBUM: 'off',
      ...env,
    },
    stdio: ['ignore', logFd ?? 'inherit', 'inherit'],
  });
  // The child holds its own copy of the descriptor.
  if (logFd !== undefined) fs.closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir: dir,
    pid: child.pid ?? 0,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      if (ownsDataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
