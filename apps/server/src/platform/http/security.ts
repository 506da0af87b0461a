import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSet = Record<string, string>;

/** The headers helmet would set with these options, worked out once rather than on every response. */
function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: HeaderSet = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** What a JSON answer needs: nothing in it may run, be framed, sniffed or read by another site. */
const API_HEADER_NAMES = [
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

/**
 * Security headers. Pages (the web app, the sandbox card page, the API docs, media) get helmet's
 * full set with the content security policy the built web app runs under; `scriptHashes` admit
 * its own inline scripts (the first-paint boot script) by their SHA-256, so no other inline script
 * can run. JSON answers get the short set a document-less response needs (`default-src 'none'`,
 * no framing, no sniffing), which is also a third of the bytes on the hottest guest reads.
 */
export function registerSecurityHeaders(app: FastifyInstance, scriptHashes: string[] = []) {
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // A host may give the cover and the music as addresses elsewhere (an audio file on their
        // own host): images and media may come from any https origin; neither can run script.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin framing is allowed so the home page can show the live example album in a frame.
    frameguard: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders: HeaderSet = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(API_HEADER_NAMES.map((name) => [name, pageHeaders[name]!])),
  };

  // At send time, when the content type is known; a header a route set itself is left as it is.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const headers = typeof type === 'string' && type.startsWith('application/json') ? apiHeaders : pageHeaders;
    for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
    done(null, payload);
  });
}
