import type { FastifyRequest } from 'fastify';

/** A request header's value when it is sent once and not empty; a repeated or blank header reads as absent. */
export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
