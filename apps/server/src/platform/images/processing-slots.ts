/**
 * At most `limit` tasks run at once; the rest wait in order. Image decoding holds whole bitmaps
 * in memory, so a burst of uploads must queue rather than decode all at once.
 */
export function createProcessingSlots(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Runs a task in one of the server's processing slots. */
export type ProcessingSlots = ReturnType<typeof createProcessingSlots>;
