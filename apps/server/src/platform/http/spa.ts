import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@momentos/contract/page-paths';
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
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  );
}

/** A page whose index.html a feature fills in per request (the guest page's album header). */
export interface PageFill {
  /** Matched against the path; its groups reach `fill`. */
  pattern: RegExp;
  /** The markup in index.html that only a filled page keeps (removed from every other page). */
  template: RegExp;
  /** The change to make to index.html, or nothing to send it as built. */
  fill(request: FastifyRequest, match: RegExpExecArray): Promise<((html: string) => string) | undefined>;
}

type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Serves the built web app. Returns the history fallback used by the not-found handler: a GET
 * outside /api for a page (no file extension, or a browser asking for HTML) gets index.html, so
 * client-side routes load directly and link-preview scrapers that accept anything still
 * read the page's Open Graph tags. A path no page draws gets the same page (the app shows its
 * not-found screen) with a 404 status; a missing file (`/logo.png`) stays a plain 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  visitorLanguage: (request: FastifyRequest) => 'es' | 'en' = () => 'es',
  pageFills: PageFill[] = [],
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!distDir || !fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only (run npm run build)');
    return undefined;
  }
  // The bundle is about 5 times smaller compressed; Lighthouse on a phone profile counts every byte.
  // The build writes .br and .gz copies of each text file (apps/web/build-plugins), sent as they are.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The page every client route opens with, compressed once at start: it carries the first-paint
  // shell, and is sent by this fallback (the 404 handler), not as a file.
  // One copy per language the visitor's address points to (`data-geo-lang`): the first-paint
  // shell of a first-time visitor then shows its text at once instead of after /api/geo.
  const built = fs.readFileSync(indexFile, 'utf8');
  const withoutTemplates = (html: string) => pageFills.reduce((page, fill) => page.replace(fill.template, ''), html);
  const tagged = (language: 'es' | 'en') => built.replace(/<html\b/i, `<html data-geo-lang="${language}"`);
  const templates = { es: tagged('es'), en: tagged('en') };
  const variants = Object.fromEntries(
    (['es', 'en'] as const).map((language) => {
      const identity = Buffer.from(withoutTemplates(templates[language]));
      return [
        language,
        { identity, br: zlib.brotliCompressSync(identity), gzip: zlib.gzipSync(identity, { level: 9 }) },
      ];
    }),
  ) as Record<'es' | 'en', Record<Encoding, Buffer>>;

  /** `body` is already in `encoding`. */
  const send = (reply: FastifyReply, encoding: Encoding, body: Buffer) => {
    void reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-encoding, accept-language')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    void reply.send(body);
  };

  // A filled page is compressed per request, quickly (quality 5 is a tenth of the time of 11 for a
  // few percent more bytes); any failure sends the page as built, which the app completes itself.
  const sendFilled = async (
    request: FastifyRequest,
    reply: FastifyReply,
    encoding: Encoding,
    fill: PageFill,
    match: RegExpExecArray,
  ) => {
    const language = visitorLanguage(request);
    try {
      const change = await fill.fill(request, match);
      if (!change) return send(reply, encoding, variants[language][encoding]);
      const html = Buffer.from(withoutTemplates(change(templates[language])));
      const body =
        encoding === 'br'
          ? await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? await gzip(html, { level: 6 })
            : html;
      return send(reply, encoding, body);
    } catch (error) {
      request.log.warn({ err: error }, 'page fill failed; sending the page as built');
      return send(reply, encoding, variants[language][encoding]);
    }
  };

  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    if (!['GET', 'HEAD'].includes(request.method) || isApi || (looksLikeFile && !wantsHtml)) return false;
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding: Encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    for (const fill of pageFills) {
      const match = fill.pattern.exec(pathname);
      if (match) {
        void sendFilled(request, reply, encoding, fill, match);
        return true;
      }
    }
    if (!isPagePath(pathname)) void reply.status(404);
    send(reply, encoding, variants[visitorLanguage(request)][encoding]);
    return true;
  };
}
