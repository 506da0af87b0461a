#!/usr/bin/env node
// `npm run build -w @momentos/server`: the server and the worker as plain JavaScript in dist/, so
// production runs `node` without a TypeScript loader (less memory, faster start). Each entry point
// is one file directly in dist/ (config.ts's serverRoot counts on it): the shared contract is
// bundled in, since its package exports TypeScript sources plain node cannot load, and every
// other package stays an import of node_modules (native ones such as sharp and PGlite's
// WebAssembly files must load from their own folders).
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

await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts', 'src/worker.ts'],
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node}`,
  // Stack traces point at the .ts files with `node --enable-source-maps`; the maps hold no source
  // text, which node does not need for that, so they stay small to load.
  sourcemap: true,
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
});
