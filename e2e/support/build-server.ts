import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Compiles the server into apps/server/dist (esbuild, well under a second), so the journeys and the
 * benchmarks run what production runs and never a build older than the sources. Also the e2e
 * project's vitest global setup.
 */
export default function buildServer(): void {
  execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { stdio: 'inherit' });
}
