import { describe, expect, it } from 'vitest';
import { createQueueRunner } from './queue-runner';
import { RESUMABLE_THRESHOLD } from './send-file';
import { queued, setup, type Fault } from './test-support';
import type { Transport, TransportRequest } from './transport';

// How the queue's waits follow the network: a flaky link, an outage, offline, the network's return.
// Real timers, as in queue-runner.test.ts.
describe('the upload queue and the network', { timeout: 20_000 }, () => {
  it('a link that drops some requests but answers others keeps the waits short; an outage doubles them', async () => {
    const waits = async (fault: (request: TransportRequest, index: number) => Fault, failures: number) => {
      const { server, store, runner } = await setup([queued('big.jpg', RESUMABLE_THRESHOLD + 10)], {
        random: () => 0,
      });
      server.failWhen(fault);
      const seen: number[] = [];
      const update = store.update.bind(store);
      store.update = async (id, change) => {
        if (change.retryAt) seen.push(change.retryAt - Date.now());
        return update(id, change);
      };
      const controller = new AbortController();
      const draining = runner.drain(controller.signal).catch(() => undefined);
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(failures);
      controller.abort();
      await draining;
      return seen.slice(0, failures).map((ms) => Math.round(ms / 50) * 50);
    };
    // Every PATCH is lost, but the creation and each HEAD are answered: the link works.
    expect(await waits((request) => (request.method === 'PATCH' ? 'drop' : undefined), 3)).toEqual([250, 250, 250]);
    // Nothing answers at all: the waits double.
    expect(await waits(() => 'drop', 3)).toEqual([250, 500, 1000]);
  }, 30_000);

  it('offline in the background, gives the sync back at once and keeps every file waiting', async () => {
    const { server, store, runner } = await setup([queued('a.jpg', 10)], { isOnline: () => false, maxWaitMs: 1000 });
    expect(await runner.drain()).toBe(false);
    expect(server.requests).toHaveLength(0);
    expect((await store.list('a1'))[0]!.status).toBe('waiting');
  });

  it('when the network comes back, a file waiting out a long retry goes at once, not when its timer ends', async () => {
    // Left by an outage (here, by an earlier page): the next try is 9 s away.
    const { server, store, runner } = await setup([
      queued('a.jpg', 10, { status: 'retrying', attempts: 6, retryAt: Date.now() + 9_000 }),
    ]);
    const started = Date.now();
    const draining = runner.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(0);
    runner.networkReturned();
    expect(await draining).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await store.list('a1'))[0]!.status).toBe('done');
  });

  it('a try that was failing on the outage when the network came back goes again at once', async () => {
    const { server, store } = await setup([queued('a.jpg', 10, { attempts: 6 })]);
    let release: (() => void) | undefined;
    // The first request hangs on the dead link; the network returns before it fails.
    server.failWhen((_, index) => (index === 1 ? 'drop' : undefined));
    const transport = server.transport;
    const slowFirst: Transport = async (request) => {
      if (server.requests.length === 0) await new Promise<void>((resolve) => (release = resolve));
      return transport(request);
    };
    const slow = createQueueRunner({ store, transport: slowFirst, albumId: 'a1', random: () => 1 });
    const started = Date.now();
    const draining = slow.drain();
    await expect.poll(() => release !== undefined).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    slow.networkReturned();
    release!();
    expect(await draining).toBe(true);
    // Its 7th failure would otherwise wait 30 s (random 1: the whole ceiling).
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(server.requests).toHaveLength(2);
    expect((await store.list('a1'))[0]!.status).toBe('done');
  });
});
