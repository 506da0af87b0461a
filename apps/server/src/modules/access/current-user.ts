import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessGrant } from './access-types.js';

/** The signed-in user of a request the access policy let in as `signed-in` or an owner. */
export function currentUser(request: FastifyRequest): AccessGrant {
  if (!request.auth) throw AppError.unauthorized();
  return request.auth;
}
