import { describe, expect, it, vi } from 'vitest';
import { createAccessGrantCache, type LoadedGrant } from './access-grant-cache.js';

const grant = {
  userId: 'user-1',
  email: 'a@example.com',
  sessionId: 'session-1',
  role: 'host' as const,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  emailVerified: false,
};
const farFuture = new Date(Date.now() + 3600_000);

function loader(value: typeof grant = grant, tokenExpiresAt = farFuture) {
  return vi.fn(async (): Promise<LoadedGrant> => ({ grant: value, tokenExpiresAt }));
}

describe('access grant cache', () => {
  it('answers a kept grant without loading it again', async () => {
    const cache = createAccessGrantCache();
    const load = loader();
    expect(await cache.read('hash', load)).toEqual(grant);
    expect(await cache.read('hash', load)).toEqual(grant);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after its time to live, and never outlives the token itself', async () => {
    let clock = 0;
    const cache = createAccessGrantCache({ ttlMs: 1000, now: () => clock });
    const load = loader();
    await cache.read('hash', load);
    clock = 1001;
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(2);

    const shortLived = loader(grant, new Date(500));
    clock = 0;
    await cache.read('short', shortLived);
    clock = 501;
    await cache.read('short', shortLived);
    expect(shortLived).toHaveBeenCalledTimes(2);
  });

  it('drops every token of a revoked session or user', async () => {
    const cache = createAccessGrantCache();
    const [a, b, c] = [loader(), loader({ ...grant, sessionId: 'session-2' }), loader({ ...grant, userId: 'user-2' })];
    const readAll = () => Promise.all([cache.read('a', a), cache.read('b', b), cache.read('c', c)]);
    await readAll();
    cache.forget({ sessionId: 'session-1' });
    await readAll();
    expect([a, b, c].map((load) => load.mock.calls.length)).toEqual([2, 1, 2]);
    cache.forget({ userId: 'user-1' });
    await readAll();
    expect([a, b, c].map((load) => load.mock.calls.length)).toEqual([3, 2, 2]);
  });

  it('goes to the database on every read while notices may go unheard', async () => {
    let trusted = false;
    const cache = createAccessGrantCache({ isTrusted: () => trusted });
    const load = loader();
    await cache.read('hash', load);
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(2);
    trusted = true;
    await cache.read('hash', load);
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep what a load read before a revocation it overlapped', async () => {
    const cache = createAccessGrantCache();
    let finish: (value: LoadedGrant) => void = () => undefined;
    const slow = () => new Promise<LoadedGrant>((resolve) => (finish = resolve));
    const reading = cache.read('hash', slow);
    cache.forget({ sessionId: 'session-1' });
    finish({ grant, tokenExpiresAt: farFuture });
    await reading;
    const load = loader();
    await cache.read('hash', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
