#!/usr/bin/env node
// `npm run build -w @momentos/server`: the server and the worker as plain JavaScript in dist/, so
// production runs `node` without a TypeScript loader (less memory, faster start). The entry points
// and their chunks sit directly in dist/ (config.ts's serverRoot counts on it): the shared contract is
// bundled in, since its package exports TypeScript sources plain node cannot load, and every
// other package stays an import of node_modules (native ones such as sharp and PGlite's
// WebAssembly files must load from their own folders).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
const BUNDLED_PACKAGE = '@momentos/contract';

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    // A bare specifier (not ./, ../ or an absolute path) names a package.
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === BUNDLED_PACKAGE || args.path.startsWith(`${BUNDLED_PACKAGE}/`)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

// Written aside, then renamed into dist/ file by file (a rename is atomic): test projects build in
// their global setups, possibly at once, and a running server never sees a half-written file.
const outdir = path.join(serverDir, 'dist');
const staging = fs.mkdtempSync(path.join(serverDir, '.dist-'));

try {
  await build({
    absWorkingDir: serverDir,
    // The face engine's worker thread is a file of its own (platform/faces/face-engine.ts starts it).
    entryPoints: ['src/main.ts', 'src/worker.ts', { in: 'src/platform/faces/face-thread.ts', out: 'face-thread' }],
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Modules imported dynamically (the AWS SDK's store, Stripe, the HEIC decoder) become chunks of
    // their own, so a server loads them, and their packages, only when its configuration needs them.
    // Chunks sit beside the entries (serverRoot is one level up from either) under content hashes:
    // an older build's chunks stay until dist/ is cleaned, for a server still running that build.
    splitting: true,
    target: `node${process.versions.node}`,
    // Stack traces point at the .ts files with `node --enable-source-maps`; the maps hold no source
    // text, which node does not need for that, so they stay small to load.
    sourcemap: true,
    sourcesContent: false,
    plugins: [externalPackages],
    logLevel: 'warning',
  });

  fs.mkdirSync(outdir, { recursive: true });
  for (const file of fs.readdirSync(staging)) fs.renameSync(path.join(staging, file), path.join(outdir, file));
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
