/** Resolves after `ms` milliseconds; `delay(0)` lets the browser run its other tasks first. */
export function delay(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `promise`, but never longer than `ms`; its outcome is not passed on. */
export async function atMost(promise: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    delay(ms),
  ]);
}
