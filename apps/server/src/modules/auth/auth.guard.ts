import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessGrant } from './auth.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by the access policy (modules/access/access-policy.ts). */
    auth?: AccessGrant;
  }
}

/** The signed-in user of a request the access policy let in as `signed-in` or an owner. */
export function currentUser(request: FastifyRequest): AccessGrant {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
