import type { FastifyInstance } from 'fastify';

/** Paths that would contain secrets if ever logged with their bodies or headers. */
export const LOG_REDACT_PATHS = [
  // Any object's headers: request logs, and libraries that log their options (e.g. multipart's busboy at trace level).
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-guest-token"]',
  '*.headers["x-ticket-secret"]',
  '*.password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
];

/**
 * One structured line per request. The query string is left out because links can carry
 * tokens; headers and bodies are never logged.
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
  });
}
