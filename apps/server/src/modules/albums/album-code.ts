import { randomInt } from 'node:crypto';

/**
 * A uniformly random 6-digit guest code (leading zeros kept). Uniqueness is the database's job:
 * a code another album holds or once held (migration 0021) is not written, and the writer draws again.
 */
export function generateAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
