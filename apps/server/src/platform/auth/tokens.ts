import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret with 256 bits of entropy. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; the token itself exists only in the client's hands. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
