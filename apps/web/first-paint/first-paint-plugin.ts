import fs from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { bootScript, shellStyle, type ShellRoute } from './boot-script';
import { criticalCss } from './critical-css';

const webRoot = path.resolve(import.meta.dirname, '..');
const LANGUAGES = ['es', 'en'] as const;

/**
 * The routes with a first-paint shell: the landing, the checkout's first step and the guest page.
 * `title` is the tab's title as the screen's useDocumentTitle call builds it (lib/use-document-title.ts).
 */
const ROUTES: Record<
  string,
  {
    pattern: string;
    module?: string;
    namespaces: string[];
    title: [namespace: string, key: string, values?: Record<string, string>][];
  }
> = {
  home: { pattern: '^/$', namespaces: [], title: [['home', 'meta.title']] },
  checkout: {
    pattern: '^/checkout/?$',
    module: 'src/features/checkout/components/checkout-page.tsx',
    namespaces: ['checkout'],
    title: [
      ['checkout', 'steps.plan.title'],
      ['checkout', 'stepLabel', { current: '1', total: '3' }],
    ],
  },
  guest: {
    pattern: '^/guest/\\d{6}/?$',
    module: 'src/features/guest-upload/components/guest-upload-page.tsx',
    namespaces: ['guest', 'guestbook'],
    title: [['guest', 'title']],
  },
};

function titles(parts: (typeof ROUTES)[string]['title']): ShellRoute['titles'] {
  const inLanguage = (language: string) =>
    [...parts.map(([namespace, key, values]) => translation(language, namespace, key, values ?? {})), 'Momentos'].join(
      ' · ',
    );
  return { es: inLanguage('es'), en: inLanguage('en') };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function translation(language: string, namespace: string, key: string, values: Record<string, string>): string {
  const file = path.join(webRoot, 'public/locales', language, `${namespace}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`first-paint shell: no ${language} text for ${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** shell.html with each {{namespace:key|name=value;name=value}} replaced by its text in both languages. */
function shellMarkup(): string {
  const source = fs
    .readFileSync(path.join(import.meta.dirname, 'shell.html'), 'utf8')
    .replace(/^<!--[\s\S]*?-->\s*/, '');
  return source.replace(
    /\{\{(\w+):([\w.]+)(?:\|([^}]*))?\}\}/g,
    (_, namespace: string, key: string, params?: string) => {
      const values = Object.fromEntries(
        (params ?? '')
          .split(';')
          .filter(Boolean)
          .map((pair) => pair.split('=') as [string, string]),
      );
      // The footer's © year is the build's; a page built in one year and served in the next shows it until React mounts.
      for (const [name, value] of Object.entries(values))
        if (value === 'BUILD_YEAR') values[name] = String(new Date().getFullYear());
      return LANGUAGES.map(
        (language) => `<span data-l="${language}">${escapeHtml(translation(language, namespace, key, values))}</span>`,
      ).join('');
    },
  );
}

/**
 * Each album web font's stylesheet (src/lib/album-fonts/faces, only @font-face rules), as a <style>
 * named by its family, for the guest page's first paint: the server keeps the album's one and
 * moves it into the head (apps/server/src/modules/albums/guest-page.ts), so the shell draws the
 * name in the host's font as the app will, and the app does not load it again (album-fonts.ts).
 */
function albumFontFaces(bundle: OutputBundle): string {
  return Object.values(bundle)
    .flatMap((item) => {
      if (item.type !== 'asset' || !item.fileName.endsWith('.css')) return [];
      const css = String(item.source).trim();
      const isFacesOnly = css.replace(/@font-face\{[^}]*\}/g, '').trim() === '';
      const family = /font-family:\s*["']?([^;"'}]+)/.exec(css)?.[1]?.trim();
      return isFacesOnly && family ? [`<style data-album-font="${escapeHtml(family)}">${css}</style>`] : [];
    })
    .join('');
}

/** The chunk of a lazily imported module and every chunk it imports statically, minus those in `skip`. */
function routeScripts(bundle: OutputBundle | undefined, module: string | undefined, skip: string[] = []): string[] {
  if (!bundle || !module) return [];
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set([entry?.fileName, ...(entry?.imports ?? []), ...skip.map((href) => href.slice(1))]);
  const moduleId = path.join(webRoot, module);
  // A dynamically imported module may end up inside a shared chunk, which then has no facade for it.
  const start =
    chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
    chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
  if (!start) throw new Error(`first-paint shell: no chunk for ${module}`);
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName) || loaded.has(fileName)) return;
    found.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  return [...found].map((fileName) => `/${fileName}`);
}

/** The app's chunk (src/boot.tsx) and its static imports, which main.tsx imports after the first paint. */
function appScripts(bundle: OutputBundle | undefined): string[] {
  return bundle ? routeScripts(bundle, 'src/boot.tsx') : [];
}

/** Puts the first-paint shell, its style and its boot script into index.html (see shell.html). */
export function firstPaintPlugin(): Plugin {
  return {
    name: 'momentos-first-paint',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const app = appScripts(context.bundle);
        const routes: Record<string, ShellRoute> = {};
        for (const [name, route] of Object.entries(ROUTES)) {
          routes[name] = {
            pattern: route.pattern,
            scripts: routeScripts(context.bundle, route.module, app),
            namespaces: route.namespaces,
            titles: titles(route.title),
          };
        }
        // The guest page's album header is a template the server fills in (apps/server/src/modules/albums/guest-page.ts); the dev server has nobody to fill it.
        const shell = context.bundle
          ? shellMarkup().replace(
              '<!--album-fonts--><!--/album-fonts-->',
              () => `<!--album-fonts-->${albumFontFaces(context.bundle!)}<!--/album-fonts-->`,
            )
          : shellMarkup().replace(/<!--album-header-->[\s\S]*?<!--\/album-header-->/, '');
        let page = html;
        let style = shellStyle(Object.keys(ROUTES));
        if (context.bundle) {
          // Built: the shell's CSS is inline and the full stylesheet moves to the end of the body, so
          // it no longer holds back the first paint (main.tsx waits for it before React renders).
          style = (await criticalCss(webRoot, shell, context.bundle)) + style;
          const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(page)?.[0];
          if (stylesheet) page = page.replace(stylesheet, '').replace('</body>', () => `${stylesheet}</body>`);
        }
        const head = `<script>${bootScript(routes, app)}</script><style>${style}</style>`;
        if (!page.includes('<div id="root"></div>'))
          throw new Error('first-paint shell: index.html has no empty #root');
        // Replacer functions: the script holds `$1`, which a replacement string would expand.
        return page
          .replace(/(<meta charset="UTF-8" \/>)/, (meta) => meta + head)
          .replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`);
      },
    },
  };
}
