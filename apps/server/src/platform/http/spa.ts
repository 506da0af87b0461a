import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app. Returns the history fallback used by the not-found handler: a GET
 * outside /api for a page (no file extension, or a browser asking for HTML) gets index.html, so
 * client-side routes load directly and link-preview scrapers that accept anything still
 * read the page's Open Graph tags. A missing file (`/logo.png`) stays a 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
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
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    if (!['GET', 'HEAD'].includes(request.method) || isApi || (looksLikeFile && !wantsHtml)) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
