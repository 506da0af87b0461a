import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The SHA-256 (base64) of every inline script in the built index.html, for the CSP: the build
 * writes the first-paint boot script there, and hashing the file actually served means the policy
 * always admits exactly that script.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!distDir || !fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => createHash('sha256').update(match[1] ?? '').digest('base64'));
}

/**
 * Serves the built web app. Returns the history fallback used by the not-found handler: a GET
 * outside /api for a page (no file extension, or a browser asking for HTML) gets index.html, so
 * client-side routes load directly and link-preview scrapers that accept anything still
 * read the page's Open Graph tags. A missing file (`/logo.png`) stays a 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, visitorLanguage: (request: FastifyRequest) => 'es' | 'en' = () => 'es') {
  const indexFile = path.join(distDir, 'index.html');
  if (!distDir || !fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
    return undefined;
  }
  // The bundle is about 5 times smaller compressed; Lighthouse on a phone profile counts every byte.
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The page every client route opens with, compressed once: it carries the first-paint shell (about
  // 11 KB), and the compression plugin's hook does not reach this fallback, which runs as the 404 handler.
  // One copy per language the visitor's address points to (`data-geo-lang`): the first-paint
  // shell of a first-time visitor then shows its text at once instead of after /api/geo.
  const built = fs.readFileSync(indexFile, 'utf8');
  const variants = Object.fromEntries(
    (['es', 'en'] as const).map((language) => {
      const html = Buffer.from(built.replace(/<html\b/i, `<html data-geo-lang="${language}"`));
      return [language, { html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html, { level: 9 }) }];
    }),
  ) as Record<'es' | 'en', { html: Buffer; br: Buffer; gzip: Buffer }>;
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    if (!['GET', 'HEAD'].includes(request.method) || isApi || (looksLikeFile && !wantsHtml)) return false;
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    const page = variants[visitorLanguage(request)];
    void reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding) void reply.header('content-encoding', encoding).send(page[encoding]);
    else void reply.send(page.html);
    return true;
  };
}
