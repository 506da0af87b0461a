// Scratch (not committed): the normal build plus a report of each chunk's modules.
import fs from 'node:fs';
import { mergeConfig, type ConfigEnv, type UserConfig } from 'vite';
import base from './vite.config';

export default (env: ConfigEnv) =>
  mergeConfig((base as (e: ConfigEnv) => UserConfig)(env), {
    build: { outDir: process.env.OUT_DIR ?? 'dist', sourcemap: process.env.SOURCEMAP ? 'hidden' : false },
    plugins: [
      {
        name: 'chunk-report',
        generateBundle(_: unknown, bundle: Record<string, any>) {
          const report: Record<string, unknown> = {};
          for (const [file, chunk] of Object.entries(bundle)) {
            if (chunk.type !== 'chunk') continue;
            report[file] = {
              size: chunk.code.length,
              imports: chunk.imports,
              dynamicImports: chunk.dynamicImports,
              modules: Object.fromEntries(
                Object.entries(chunk.modules as Record<string, { renderedLength: number }>)
                  .map(([id, m]) => [id.replace(/^.*node_modules\//, 'nm:').replace(/^.*apps\/web\/src\//, 'src:'), m.renderedLength])
                  .sort((a, b) => (b[1] as number) - (a[1] as number)),
              ),
            };
          }
          fs.writeFileSync(process.env.CHUNK_REPORT ?? '/tmp/guestperf-chunks.json', JSON.stringify(report, null, 1));
        },
      },
    ],
  });
