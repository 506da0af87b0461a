import fs from 'node:fs';
import path from 'node:path';
import { compile, optimize } from '@tailwindcss/node';
import type { OutputBundle } from 'rollup';

/**
 * The CSS the first-paint shell needs, to inline in index.html: Tailwind compiled from the app's
 * own index.css with only the shell's classes, plus the display font's @font-face rules from the
 * built stylesheet. Inlined, the shell paints as soon as the HTML is parsed; the full stylesheet then
 * loads without blocking that paint and restyles nothing the shell shows.
 */
export async function criticalCss(webRoot: string, shell: string, bundle: OutputBundle): Promise<string> {
  const source = fs.readFileSync(path.join(webRoot, 'src/index.css'), 'utf8');
  const compiler = await compile(source, { base: path.join(webRoot, 'src'), onDependency: () => undefined });
  const candidates = new Set(
    [...shell.matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)).filter(Boolean),
  );
  const utilities = optimize(compiler.build([...candidates]), { minify: true }).code;
  // Without the font's faces the shell's headings would paint in the fallback serif and reflow
  // when the full stylesheet brings Fraunces.
  const builtCss = Object.values(bundle).flatMap((item) =>
    item.type === 'asset' && item.fileName.endsWith('.css') ? [String(item.source)] : [],
  );
  const fontFaces = builtCss.flatMap((css) => css.match(/@font-face\{[^}]*Fraunces[^}]*\}/g) ?? []);
  return fontFaces.join('') + utilities;
}
