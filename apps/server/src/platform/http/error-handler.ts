import { ErrorCode, type ErrorResponse } from '@momentos/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { invalidRequestMessage, refusalCode } from './validation.js';

/**
 * Turns every failure into `{ success: false, message, code }`. A 5xx never shows its details:
 * an unexpected error answers a bare "Internal server error"; an AppError's 5xx keeps the text
 * and code its service chose for the client, and its cause is only logged.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = toErrorResponse(error);
    const status = error instanceof AppError ? error.status : statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (!(error instanceof AppError)) {
        body.message = 'Internal server error';
        body.code = ErrorCode.INTERNAL_ERROR;
      }
    }
    if (error instanceof AppError && error.retryAfterSeconds) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.status(status).send(body);
  });
}

/** Unknown API paths get a JSON 404; other page loads get the web app when one is served. */
export function registerNotFoundHandler(
  app: FastifyInstance,
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean,
) {
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return;
    void reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: ErrorCode.NOT_FOUND,
    } satisfies ErrorResponse);
  });
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

function toErrorResponse(error: FastifyError | AppError): ErrorResponse {
  if (error instanceof AppError) {
    return { success: false, message: error.message, code: error.code };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? '',
    }));
    // fastify-type-provider-zod keeps the rest of each zod issue, its params among it, in `params`.
    const params = error.validation.map((issue) => (issue.params as { params?: unknown }).params);
    return { success: false, message: invalidRequestMessage(issues), code: refusalCode(params) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { success: false, message: 'The request body is not valid JSON', code: ErrorCode.MALFORMED_BODY };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { success: false, message: 'Unsupported content type: send JSON', code: ErrorCode.MALFORMED_BODY };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { success: false, message: 'The request body is too large', code: ErrorCode.PAYLOAD_TOO_LARGE };
  }
  if (error.statusCode === 400) {
    return { success: false, message: 'Malformed request', code: ErrorCode.MALFORMED_BODY };
  }
  return { success: false, message: error.message, code: ErrorCode.INTERNAL_ERROR };
}
