import { describe, expect, it } from 'vitest';
import { GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import { ApiError } from '@/lib/api-error';
import { createQueueRunner, type QueueRunnerOptions } from './queue-runner';
import { memoryQueueStore, type QueuedFile } from './queue-store';
import { CHUNK_SIZE, RESUMABLE_THRESHOLD } from './send-file';
import type { Transport, TransportRequest, TransportResponse } from './transport';

/**
 * The queue's rules against a small tus and multipart server in memory, reached through the
 * transport (the network is the only stand-in). Like the real server, it keeps the bytes of a
 * PATCH cut short, answers 409 at a wrong offset, keeps a finished upload for HEAD and GET, and
 * stores a file it already holds once (content: name and size here).
 */
type Fault = 'drop' | 'cut' | 'lose-answer' | { status: number; code?: string; retryAfter?: string } | undefined;

function albumServer() {
  const uploads = new Map<string, { length: number; offset: number; name: string; photoId?: string }>();
  const photos = new Map<string, string>();
  const requests: TransportRequest[] = [];
  const tokens = new Set(['pass-1']);
  let fault: (request: TransportRequest, index: number) => Fault = () => undefined;
  const store = (name: string, size: number) => {
    const key = `${name}:${size}`;
    if (!photos.has(key)) photos.set(key, `photo-${photos.size + 1}`);
    return photos.get(key)!;
  };
  const answer = (status: number, headers: Record<string, string> = {}, text = ''): TransportResponse => ({
    status,
    header: (name) => Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null,
    text,
  });
  const json = (status: number, body: object, headers: Record<string, string> = {}) =>
    answer(status, headers, JSON.stringify(body));
  const networkError = () => new ApiError('Network error', 0, 'NETWORK_ERROR');

  const transport: Transport = async (request) => {
    requests.push(request);
    const planned = fault(request, requests.length);
    if (planned === 'drop') throw networkError();
    if (planned && typeof planned === 'object')
      return json(
        planned.status,
        { success: false, message: `refused ${planned.status}`, code: planned.code },
        planned.retryAfter ? { 'Retry-After': planned.retryAfter } : {},
      );
    if (!tokens.has(request.headers[GUEST_TOKEN_HEADER] ?? ''))
      return json(403, { success: false, message: 'not valid', code: 'ALBUM_ACCESS_DENIED' });
    const { method, url } = request;
    if (method === 'POST' && url.endsWith('/photos')) {
      const form = request.body as FormData;
      const file = form.get('photo') as File;
      const id = store(file.name, file.size);
      if (planned === 'lose-answer') throw networkError();
      return json(201, { success: true, data: { id, status: 'approved' } });
    }
    if (method === 'POST') {
      const id = `u${uploads.size + 1}`;
      const name = /filename ([^,]+)/.exec(request.headers['Upload-Metadata'] ?? '')?.[1] ?? '';
      uploads.set(id, { length: Number(request.headers['Upload-Length']), offset: 0, name: atob(name) });
      return answer(201, { Location: `/api/albums/a1/uploads/${id}` });
    }
    const upload = uploads.get(url.split('/').pop()!);
    if (!upload) return json(404, { success: false, message: 'No such upload', code: 'UPLOAD_NOT_FOUND' });
    if (method === 'HEAD')
      return answer(200, { 'Upload-Offset': String(upload.photoId ? upload.length : upload.offset) });
    if (method === 'GET') return json(200, { success: true, data: { id: upload.photoId, status: 'approved' } });
    if (Number(request.headers['Upload-Offset']) !== upload.offset)
      return json(409, { success: false, message: 'offset', code: 'UPLOAD_OFFSET_MISMATCH' });
    const size = (request.body as Blob).size;
    if (planned === 'cut') {
      upload.offset += Math.floor(size / 2);
      throw networkError();
    }
    upload.offset += size;
    if (upload.offset === upload.length) upload.photoId = store(upload.name, upload.length);
    if (planned === 'lose-answer') throw networkError();
    const headers: Record<string, string> = { 'Upload-Offset': String(upload.offset) };
    if (upload.photoId)
      Object.assign(headers, { 'Momentos-Photo-Id': upload.photoId, 'Momentos-Photo-Status': 'approved' });
    return answer(204, headers);
  };
  return {
    transport,
    requests,
    photos,
    uploads,
    tokens,
    failWhen: (rule: typeof fault) => {
      fault = rule;
    },
  };
}

const MB = 1024 * 1024;
let picked = 0;
function queued(name: string, size: number, change: Partial<QueuedFile> = {}): QueuedFile {
  return {
    id: `f-${name}`,
    albumId: 'a1',
    blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }),
    name,
    type: 'image/jpeg',
    size,
    lastModified: 1,
    kind: 'photo',
    status: 'waiting',
    addedAt: ++picked,
    uploaderName: 'Tía Carmen',
    guestToken: 'pass-1',
    sent: 0,
    attempts: 0,
    ...change,
  };
}

async function setup(files: QueuedFile[], options: Partial<QueueRunnerOptions> = {}) {
  const server = albumServer();
  const store = memoryQueueStore();
  for (const file of files) await store.put(file);
  // random 0: the shortest jittered wait, so the tests run in real time without sleeping long.
  const runner = createQueueRunner({ store, transport: server.transport, albumId: 'a1', random: () => 0, ...options });
  return { server, store, runner };
}
const methods = (requests: TransportRequest[]) => requests.map((request) => request.method);

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

  it('a link that drops some requests but answers others keeps the waits short; an outage doubles them', async () => {
    const waits = async (fault: Parameters<ReturnType<typeof albumServer>['failWhen']>[0], failures: number) => {
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
