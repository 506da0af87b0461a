import { GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import { ApiError } from '@/lib/api-error';
import { createQueueRunner, type QueueRunnerOptions } from './queue-runner';
import { memoryQueueStore, type QueuedFile } from './queue-store';
import type { Transport, TransportRequest, TransportResponse } from './transport';

/**
 * The queue's tests (queue-runner*.test.ts) run against a small tus and multipart server in memory,
 * reached through the transport (the network is the only stand-in). Like the real server, it keeps the bytes of a
 * PATCH cut short, answers 409 at a wrong offset, keeps a finished upload for HEAD and GET, and
 * stores a file it already holds once (content: name and size here).
 */
export type Fault = 'drop' | 'cut' | 'lose-answer' | { status: number; code?: string; retryAfter?: string } | undefined;

export function albumServer() {
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

export const MB = 1024 * 1024;
let picked = 0;
export function queued(name: string, size: number, change: Partial<QueuedFile> = {}): QueuedFile {
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

export async function setup(files: QueuedFile[], options: Partial<QueueRunnerOptions> = {}) {
  const server = albumServer();
  const store = memoryQueueStore();
  for (const file of files) await store.put(file);
  // random 0: the shortest jittered wait, so the tests run in real time without sleeping long.
  const runner = createQueueRunner({ store, transport: server.transport, albumId: 'a1', random: () => 0, ...options });
  return { server, store, runner };
}
export const methods = (requests: TransportRequest[]) => requests.map((request) => request.method);
