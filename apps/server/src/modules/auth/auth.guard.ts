import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessGrant } from './auth.repository.js';
import type { AuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` for signed-in requests. */
    auth?: AccessGrant;
  }
}

export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * preHandlers for routes that need a signed-in user (optionally of a role). Other features use
 * these rather than reading tokens themselves.
 */
export function createAuthGuards(authService: AuthService) {
  async function resolveGrant(request: FastifyRequest) {
    const token = readBearerToken(request);
    return token ? authService.findAccessGrant(token) : undefined;
  }

  return {
    async requireUser(request: FastifyRequest, _reply: FastifyReply) {
      const grant = await resolveGrant(request);
      if (!grant) throw AppError.unauthorized('Your session has expired or is not valid. Please sign in again.');
      request.auth = grant;
    },
    /** Signs the request in when a valid token is present, and lets it through either way. */
    async optionalUser(request: FastifyRequest, _reply: FastifyReply) {
      request.auth = await resolveGrant(request);
    },
    requireRole(role: UserRole) {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        const grant = await resolveGrant(request);
        if (!grant) throw AppError.unauthorized();
        if (grant.role !== role) throw AppError.forbidden();
        request.auth = grant;
      };
    },
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AccessGrant {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
