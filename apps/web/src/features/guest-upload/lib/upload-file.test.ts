import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CHUNK_SIZE, resumeKey } from './resumable';
import { discardUpload, uploadFile } from './upload-file';

/**
 * The transport against a small in-memory tus server behind a stand-in XMLHttpRequest (jsdom's
 * own cannot reach a server here). The server keeps bytes per upload like the real one: the
 * offset is what arrived, a PATCH at another offset is 409, the last byte answers the photo.
 */
interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  size: number;
}
type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'drop';

let calls: Call[];
let uploads: Map<string, { length: number; offset: number }>;
let intercept: ((call: Call) => Reply | undefined) | undefined;
let nextId: number;

function tus(call: Call): Reply {
  const fromTest = intercept?.(call);
  if (fromTest) return fromTest;
  if (call.method === 'POST' && call.url.endsWith('/photos'))
    return { status: 201, body: JSON.stringify({ success: true, data: { id: 'whole', status: 'approved' } }) };
  if (call.method === 'POST') {
    const id = `u${++nextId}`;
    uploads.set(id, { length: Number(call.headers['Upload-Length']), offset: 0 });
    return {
      status: 201,
      headers: { Location: `http://localhost:3000/api/albums/a1/uploads/${id}`, 'Upload-Offset': '0' },
    };
  }
  const upload = uploads.get(call.url.split('/').pop()!);
  if (!upload)
    return {
      status: 404,
      body: JSON.stringify({ success: false, message: 'No such upload', code: 'UPLOAD_NOT_FOUND' }),
    };
  if (call.method === 'HEAD') return { status: 200, headers: { 'Upload-Offset': String(upload.offset) } };
  if (call.method === 'DELETE') {
    uploads.delete(call.url.split('/').pop()!);
    return { status: 204 };
  }
  if (call.method === 'GET')
    return { status: 200, body: JSON.stringify({ success: true, data: { id: 'photo-1', status: 'approved' } }) };
  if (Number(call.headers['Upload-Offset']) !== upload.offset)
    return { status: 409, body: JSON.stringify({ message: 'offset', code: 'UPLOAD_OFFSET_MISMATCH' }) };
  upload.offset += call.size;
  const headers: Record<string, string> = { 'Upload-Offset': String(upload.offset) };
  if (upload.offset === upload.length)
    Object.assign(headers, { 'Momentos-Photo-Id': 'photo-1', 'Momentos-Photo-Status': 'pending' });
  return { status: 204, headers };
}

class StandInXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  private replyHeaders: Record<string, string> = {};
  private done = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    const found = Object.entries(this.replyHeaders).find(([key]) => key.toLowerCase() === name.toLowerCase());
    return found ? found[1] : null;
  }
  abort() {
    if (this.done) return;
    this.done = true;
    this.onabort?.();
  }
  send(body: Blob | FormData | null) {
    const size = body instanceof Blob ? body.size : 0;
    const call = { method: this.method, url: this.url, headers: this.headers, size };
    setTimeout(() => {
      if (this.done) return;
      calls.push(call);
      const reply = tus(call);
      this.done = true;
      if (reply === 'drop') {
        this.onerror?.();
        return;
      }
      if (size) this.upload.onprogress?.({ lengthComputable: true, loaded: size, total: size });
      this.status = reply.status;
      this.responseText = reply.body ?? '';
      this.replyHeaders = reply.headers ?? {};
      this.onload?.();
    }, 0);
  }
}

const MB = 1024 * 1024;
const bigFile = (name = 'baile.jpg', size = 12 * MB) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg', lastModified: 42 });
const options = { albumId: 'a1', token: 'tok', uploaderName: 'Tía Carmen' };
const patchOffsets = () =>
  calls.filter((call) => call.method === 'PATCH').map((call) => Number(call.headers['Upload-Offset']));

beforeEach(() => {
  calls = [];
  uploads = new Map();
  intercept = undefined;
  nextId = 0;
  localStorage.clear();
  vi.stubGlobal('XMLHttpRequest', StandInXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('sends a small photo as one multipart POST', async () => {
    const result = await uploadFile(new File([new Uint8Array(1000)], 'foto.jpg', { type: 'image/jpeg' }), options);
    expect(result).toEqual({ id: 'whole', status: 'approved' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/albums/a1/photos']);
  });

  it('sends a large file in chunks, reports progress per byte of the file and forgets the upload when done', async () => {
    const progress: number[] = [];
    const result = await uploadFile(bigFile(), {
      ...options,
      onProgress: (loaded, total) => progress.push(loaded / total),
    });
    expect(result).toEqual({ id: 'photo-1', status: 'pending' });
    const create = calls[0]!;
    expect(create).toMatchObject({ method: 'POST', url: '/api/albums/a1/uploads' });
    expect(create.headers).toMatchObject({
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(12 * MB),
      'x-guest-token': 'tok',
    });
    expect(patchOffsets()).toEqual([0, CHUNK_SIZE, 2 * CHUNK_SIZE]);
    expect(
      calls
        .filter((call) => call.method === 'PATCH')
        .every((call) => call.headers['Content-Type'] === 'application/offset+octet-stream'),
    ).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(localStorage.getItem(resumeKey('a1', bigFile()))).toBeNull();
  });

  it('every video goes in chunks, however small', async () => {
    await uploadFile(new File([new Uint8Array(2000)], 'clip.mp4', { type: 'video/mp4' }), options);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(calls[0]!.url).toBe('/api/albums/a1/uploads');
  });

  it('after a dropped chunk asks the server its offset and sends only what is missing', async () => {
    let dropped = false;
    intercept = (call) => {
      if (call.method === 'PATCH' && call.headers['Upload-Offset'] === String(CHUNK_SIZE) && !dropped) {
        dropped = true;
        return 'drop';
      }
      return undefined;
    };
    const result = await uploadFile(bigFile(), options);
    expect(result.id).toBe('photo-1');
    expect(calls.map((call) => call.method)).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'PATCH']);
    expect(patchOffsets()).toEqual([0, CHUNK_SIZE, CHUNK_SIZE, 2 * CHUNK_SIZE]);
  });

  it('an abort leaves the upload on the server, and the next attempt (a reload, back online) resumes from its offset', async () => {
    const controller = new AbortController();
    const first = uploadFile(bigFile(), {
      ...options,
      signal: controller.signal,
      onProgress: (loaded) => {
        if (loaded >= CHUNK_SIZE) controller.abort();
      },
    });
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(localStorage.getItem(resumeKey('a1', bigFile()))).toBe('/api/albums/a1/uploads/u1');

    calls = [];
    const result = await uploadFile(bigFile(), options);
    expect(result.id).toBe('photo-1');
    expect(calls.map((call) => call.method)).toEqual(['HEAD', 'PATCH', 'PATCH']);
    expect(patchOffsets()).toEqual([CHUNK_SIZE, 2 * CHUNK_SIZE]);
  });

  it('an upload the server no longer knows (expired) is started over', async () => {
    localStorage.setItem(resumeKey('a1', bigFile()), '/api/albums/a1/uploads/gone');
    const result = await uploadFile(bigFile(), options);
    expect(result.id).toBe('photo-1');
    expect(calls.map((call) => call.method)).toEqual(['HEAD', 'POST', 'PATCH', 'PATCH', 'PATCH']);
  });

  it('a refusal at creation fails with the server’s message and code, like the single upload', async () => {
    intercept = (call) =>
      call.method === 'POST'
        ? {
            status: 403,
            body: JSON.stringify({
              success: false,
              message: 'The upload period of this album has ended',
              code: 'UPLOADS_CLOSED',
            }),
          }
        : undefined;
    const error = await uploadFile(bigFile(), options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'UPLOADS_CLOSED',
      message: 'The upload period of this album has ended',
    });
  });

  it('a rate-limited upload keeps the wait the server asked for, as every other API call does', async () => {
    const body = JSON.stringify({ success: false, message: 'Too many', code: 'RATE_LIMITED' });
    intercept = (call) =>
      call.method === 'POST' ? { status: 429, headers: { 'Retry-After': '30' }, body } : undefined;
    const photo = new File([new Uint8Array(10)], 'foto.jpg', { type: 'image/jpeg' });
    const error = await uploadFile(photo, options).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many', retryAfterSeconds: 30 });
  });
  it('when every byte was in but the last answer was lost, asks for the photo', async () => {
    let lost = false;
    intercept = (call) => {
      if (call.method === 'PATCH' && call.headers['Upload-Offset'] === String(2 * CHUNK_SIZE) && !lost) {
        lost = true;
        tus(call); // the server took the bytes; the answer never came
        return 'drop';
      }
      return undefined;
    };
    const result = await uploadFile(bigFile(), options);
    expect(result).toEqual({ id: 'photo-1', status: 'approved' });
    expect(calls.map((call) => call.method).slice(-2)).toEqual(['HEAD', 'GET']);
  });
});

describe('discardUpload', () => {
  it('cancels a half-sent upload on the server and forgets it', async () => {
    const controller = new AbortController();
    await uploadFile(bigFile(), {
      ...options,
      signal: controller.signal,
      onProgress: (loaded) => loaded >= CHUNK_SIZE && controller.abort(),
    }).catch(() => undefined);
    await discardUpload(bigFile(), { albumId: 'a1', token: 'tok' });
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/albums/a1/uploads/u1' });
    expect(uploads.size).toBe(0);
    expect(localStorage.getItem(resumeKey('a1', bigFile()))).toBeNull();
  });
});
