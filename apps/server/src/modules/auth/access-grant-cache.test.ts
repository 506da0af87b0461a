import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessGrantCache } from './access-grant-cache.js';

const grant = { userId: 'user-1', email: 'a@example.com', sessionId: 'session-1', role: 'host' as const };
const farFuture = new Date(Date.now() + 3600_000);

afterEach(() => vi.useRealTimers());

describe('access grant cache', () => {
  it('forgets an entry after its time to live', () => {
    vi.useFakeTimers();
    const cache = createAccessGrantCache(1000);
    cache.set('hash', grant, farFuture);
    expect(cache.get('hash')).toEqual(grant);
    vi.advanceTimersByTime(1001);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('never outlives the token itself', () => {
    vi.useFakeTimers();
    const cache = createAccessGrantCache(60_000);
    cache.set('hash', grant, new Date(Date.now() + 500));
    vi.advanceTimersByTime(501);
    expect(cache.get('hash')).toBeUndefined();
  });

  it('drops every token of a revoked session or user', () => {
    const cache = createAccessGrantCache();
    cache.set('a', grant, farFuture);
    cache.set('b', { ...grant, sessionId: 'session-2' }, farFuture);
    cache.set('c', { ...grant, userId: 'user-2', sessionId: 'session-3' }, farFuture);
    cache.forget({ sessionId: 'session-1' });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.forget({ userId: 'user-1' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});
