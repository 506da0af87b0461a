import { randomInt } from 'node:crypto';

/** A uniformly random 6-digit guest code (leading zeros kept); uniqueness is the database's job. */
export function generateAccessCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
