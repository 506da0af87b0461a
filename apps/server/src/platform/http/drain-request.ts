import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';

/**
 * Waits (briefly) for the rest of an oversized upload to arrive and be discarded, so the client
 * reads our 413 instead of a reset connection.
 */
export async function drainRequest(raw: IncomingMessage, timeoutMs = 15_000) {
  if (raw.readableEnded) return;
  raw.resume();
  await Promise.race([once(raw, 'end'), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
