import { describe, expect, it } from 'vitest';
import { createQueueRunner } from './queue-runner';
import { CHUNK_SIZE, RESUMABLE_THRESHOLD } from './send-file';
import { MB, methods, queued, setup } from './test-support';

// Real timers: the retries wait their shortest delays for real, which a busy machine can stretch.
describe('the upload queue', { timeout: 20_000 }, () => {
  it('sends every file by itself through dropped requests, without a tap, each stored once', async () => {
    const files = [queued('a.jpg', 1000), queued('b.jpg', 3 * MB), queued('c.jpg', 2000)];
    const { server, store, runner } = await setup(files);
    // Lost on the way: requests 1, 2, 4, 5 and 7 (two bursts), whatever they were.
    server.failWhen((_, index) => ([1, 2, 4, 5, 7].includes(index) ? 'drop' : undefined));
    expect(await runner.drain()).toBe(true);
    const after = await store.list('a1');
    expect(after.map((file) => file.status)).toEqual(['done', 'done', 'done']);
    expect(after.every((file) => file.blob === null && file.photoId)).toBe(true);
    expect(server.photos.size).toBe(3);
  });

  it('waits out a 429 for at least its Retry-After before trying again', async () => {
    const { server, store, runner } = await setup([queued('a.jpg', 1000)]);
    server.failWhen((_, index) => (index === 1 ? { status: 429, retryAfter: '1' } : undefined));
    const started = Date.now();
    const draining = runner.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = (await store.list('a1'))[0]!;
    expect(waiting.status).toBe('retrying');
    expect(waiting.retryAt! - started).toBeGreaterThanOrEqual(1000);
    expect(await draining).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(server.requests).toHaveLength(2);
  });

  it('stops a file the server will not take, with its reason, and sends the others', async () => {
    const { server, store, runner } = await setup([queued('a.jpg', 1000), queued('b.jpg', 1000)]);
    server.failWhen((request) =>
      (request.body as FormData | undefined)?.get?.('photo') instanceof File &&
      ((request.body as FormData).get('photo') as File).name === 'a.jpg'
        ? { status: 403, code: 'PHOTO_LIMIT_REACHED' }
        : undefined,
    );
    expect(await runner.drain()).toBe(true);
    const [a, b] = await store.list('a1');
    expect(a).toMatchObject({ status: 'failed', failure: { status: 403, code: 'PHOTO_LIMIT_REACHED' } });
    expect(a!.blob).not.toBeNull();
    expect(b!.status).toBe('done');
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
  });

  it('a file over the threshold cut mid-way goes on from the bytes the server holds, not from the start', async () => {
    const size = RESUMABLE_THRESHOLD + MB;
    const { server, store, runner } = await setup([queued('big.jpg', size)]);
    let cut = false;
    server.failWhen((request) => {
      if (request.method !== 'PATCH' || cut) return undefined;
      cut = true;
      return 'cut';
    });
    expect(await runner.drain()).toBe(true);
    expect(methods(server.requests)).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    const offsets = server.requests.filter((r) => r.method === 'PATCH').map((r) => Number(r.headers['Upload-Offset']));
    expect(offsets).toEqual([0, Math.floor(size / 2)]);
    expect((await store.list('a1'))[0]!.status).toBe('done');
    expect(server.photos.size).toBe(1);
  });

  it('when the last answer is lost after the server stored the file, asks for it instead of sending it twice', async () => {
    const { server, store, runner } = await setup([queued('big.jpg', RESUMABLE_THRESHOLD + 10), queued('s.jpg', 10)]);
    const lost = new Set<string>();
    server.failWhen(({ method, url }) => {
      // The first PATCH and the first multipart POST reach the server, but their answers never come back.
      const kind = method === 'POST' && url.endsWith('/photos') ? 'whole' : method;
      if ((kind !== 'PATCH' && kind !== 'whole') || lost.has(kind)) return undefined;
      lost.add(kind);
      return 'lose-answer';
    });
    expect(await runner.drain()).toBe(true);
    // While the large file waits out its delay, the small one is tried; then each asks or sends again.
    expect(methods(server.requests)).toEqual(['POST', 'PATCH', 'POST', 'HEAD', 'GET', 'POST']);
    expect(server.photos.size).toBe(2);
    expect((await store.list('a1')).map((file) => file.photoId)).toEqual(['photo-1', 'photo-2']);
  });

  it('after a reload, a file left half-sent goes on from the server’s offset with no new upload', async () => {
    const size = CHUNK_SIZE + MB;
    const first = await setup([queued('video.mp4', size, { kind: 'video', type: 'video/mp4' })]);
    first.server.failWhen((request) => (request.method === 'PATCH' ? 'drop' : undefined));
    const controller = new AbortController();
    const draining = first.runner.drain(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(draining).rejects.toThrow('aborted');
    const left = (await first.store.list('a1'))[0]!;
    expect(left.uploadUrl).toBe('/api/albums/a1/uploads/u1');
    // The tab closes while the next try is in flight: the queue on disk still says "uploading".
    await first.store.put({ ...left, status: 'uploading' });
    first.server.uploads.get('u1')!.offset = CHUNK_SIZE;
    first.server.failWhen(() => undefined);
    first.server.requests.length = 0;
    const reopened = createQueueRunner({ store: first.store, transport: first.server.transport, albumId: 'a1' });
    expect(await reopened.drain()).toBe(true);
    expect(methods(first.server.requests)).toEqual(['HEAD', 'PATCH']);
    expect(Number(first.server.requests[1]!.headers['Upload-Offset'])).toBe(CHUNK_SIZE);
    expect((await first.store.list('a1'))[0]!.status).toBe('done');
  });

  it('joins again once when the guest pass is refused; without a way to join (the service worker) the files wait', async () => {
    const background = await setup([queued('a.jpg', 10, { guestToken: 'old-pass' })]);
    expect(await background.runner.drain()).toBe(false);
    expect((await background.store.list('a1'))[0]).toMatchObject({ status: 'waiting', guestToken: undefined });

    const refused: (string | undefined)[] = [];
    const page = await setup([queued('a.jpg', 10, { guestToken: 'old-pass' })], {
      rejoin: async (_file, refusedToken) => {
        refused.push(refusedToken);
        return 'pass-1';
      },
    });
    expect(await page.runner.drain()).toBe(true);
    expect(refused).toEqual(['old-pass']);
    expect((await page.store.list('a1'))[0]).toMatchObject({ status: 'done', guestToken: 'pass-1' });
  });
});
