import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the server sends as files; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|json|svg|webmanifest|txt)$/;
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every compressible file of the build, which
 * the server sends as they are (@fastify/static's `preCompressed`). Compressing each asset per
 * request, as before, cost every page load's CPU on the server at a lower quality than a build can
 * afford, and logged every visitor who left mid-download as an error.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'momentos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((file) => path.join(outDir, file))
        .filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
