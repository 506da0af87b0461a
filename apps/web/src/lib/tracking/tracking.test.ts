import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueue, MAX_QUEUED_EVENTS, readQueue } from './tracking-queue';
import { flushTrackingQueue, track } from './tracking';

const ok = () => new Response(JSON.stringify({ success: true, stored: 1 }), { status: 202 });
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('track', () => {
  it('sends at once while online, with the spec body and an event id', async () => {
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => ok());
    vi.stubGlobal('fetch', fetchMock);
    track('checkout_started', { source: 'hero' });
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/tracking/track');
    expect(JSON.parse(init!.body as string)).toMatchObject({
      event_type: 'checkout_started',
      event_data: { source: 'hero' },
      session_id: expect.any(String),
    });
    expect(readQueue()).toEqual([]);
  });

  it('queues without sending while offline, marking queued_timestamp', () => {
    setOnline(false);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    track('page_view', { page: '/' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readQueue()[0]?.event_data).toMatchObject({ page: '/', queued_timestamp: expect.any(String) });
  });

  it('queues an event whose send fails, but drops one the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    track('page_view');
    await settle();
    expect(readQueue()).toHaveLength(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 400 })),
    );
    track('page_view');
    await settle();
    expect(readQueue()).toHaveLength(1);
  });
});

describe('the queue', () => {
  it('keeps only the newest events', () => {
    const event = (n: number) => ({
      event_id: String(n),
      session_id: 's',
      event_type: 'page_view',
      event_data: {},
      timestamp: '',
    });
    enqueue(Array.from({ length: MAX_QUEUED_EVENTS + 5 }, (_, n) => event(n)));
    const queue = readQueue();
    expect(queue).toHaveLength(MAX_QUEUED_EVENTS);
    expect(queue[0]?.event_id).toBe('5');
  });

  it('flushes in one batch and requeues it when the batch fails', async () => {
    setOnline(false);
    track('a_event');
    track('b_event');
    setOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('failed'))),
    );
    await flushTrackingQueue();
    expect(readQueue().map((e) => e.event_type)).toEqual(['a_event', 'b_event']);
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => ok());
    vi.stubGlobal('fetch', fetchMock);
    await flushTrackingQueue();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/tracking/batch');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string).events).toHaveLength(2);
    expect(readQueue()).toEqual([]);
  });
});
