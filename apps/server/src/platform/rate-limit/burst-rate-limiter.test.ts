import { describe, expect, it } from 'vitest';
import { createBurstRateLimiter } from './burst-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';

/** Stands in for the database's counters: one count per key, as the real upsert keeps. */
function sharedCounter() {
  const counts = new Map<string, number>();
  let calls = 0;
  const limiter: RateLimiter = {
    async hit(key, limit, _windowSeconds, amount = 1) {
      calls++;
      const count = (counts.get(key) ?? 0) + amount;
      counts.set(key, count);
      return { allowed: count <= limit, retryAfterSeconds: 1, count };
    },
    async reset(key) {
      counts.delete(key);
    },
    async peek(keys) {
      return new Map(keys.map(({ key }) => [key, counts.get(key) ?? 0]));
    },
  };
  return { limiter, counts, calls: () => calls };
}

describe('burst rate limiter', () => {
  it('asks the database once per interval while a key is far from its limit', async () => {
    const shared = sharedCounter();
    const clock = 1_000_000;
    const burst = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    const results = await Promise.all(Array.from({ length: 500 }, () => burst.hit('ip:1', 10_000, 60)));
    expect(results.every((result) => result.allowed)).toBe(true);
    expect(shared.calls()).toBe(1);
  });

  it('lets exactly the limit through a burst, leaving the decisions near it to the database', async () => {
    const shared = sharedCounter();
    const clock = 1_000_000;
    const burst = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    const results = await Promise.all(Array.from({ length: 50 }, () => burst.hit('ip:1', 30, 60)));
    expect(results.filter((result) => result.allowed)).toHaveLength(30);
    expect(shared.counts.get('ip:1')).toBe(50);
  });

  it('lets given-back hits through again, near the limit as well as far from it', async () => {
    const shared = sharedCounter();
    let clock = 1_000_000;
    const burst = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    // A hundred right codes from one address, each taking a slot and giving it back.
    for (let i = 0; i < 100; i++) {
      expect((await burst.hit('ip:2', 4, 60)).allowed).toBe(true);
      await burst.hit('ip:2', 4, 60, -1);
      clock += 7;
    }
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await burst.hit('ip:2', 4, 60)).allowed);
    expect(wrong).toEqual([true, true, true, true, false]);
  });

  it('holds a small limit across two servers hit one after the other', async () => {
    const shared = sharedCounter();
    const clock = 1_000_000;
    const first = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    const second = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    const allowed = [];
    for (const server of [first, first, first, second, second, second])
      allowed.push((await server.hit('ip:9', 5, 60)).allowed);
    expect(allowed).toEqual([true, true, true, true, true, false]);
  });

  it('carries its own hits to the database, so another server sees them', async () => {
    const shared = sharedCounter();
    let clock = 1_000_000;
    const first = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    const second = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    for (let index = 0; index < 10; index++) await first.hit('ip:1', 30, 60);
    expect(shared.counts.get('ip:1')).toBe(1);
    clock += 100;
    await first.hit('ip:1', 30, 60);
    expect(shared.counts.get('ip:1')).toBe(11);
    const fromSecond = [];
    for (let index = 0; index < 25; index++) fromSecond.push(await second.hit('ip:1', 30, 60));
    expect(fromSecond.filter((result) => result.allowed)).toHaveLength(19);
  });

  it('flushes hits that no later hit carries', async () => {
    const shared = sharedCounter();
    const burst = createBurstRateLimiter(shared.limiter, { syncEveryMs: 20 });
    await burst.hit('ip:2', 30, 60);
    await burst.hit('ip:2', 30, 60);
    await burst.hit('ip:2', 30, 60);
    expect(shared.counts.get('ip:2')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(shared.counts.get('ip:2')).toBe(3);
  });

  it('starts a fresh count in a new window', async () => {
    const shared = sharedCounter();
    let clock = 60_000;
    const burst = createBurstRateLimiter(shared.limiter, { syncEveryMs: 100, now: () => clock });
    for (let index = 0; index < 5; index++) await burst.hit('ip:3', 3, 60);
    expect((await burst.hit('ip:3', 3, 60)).allowed).toBe(false);
    clock += 60_000;
    shared.counts.delete('ip:3');
    expect((await burst.hit('ip:3', 3, 60)).allowed).toBe(true);
  });
});
