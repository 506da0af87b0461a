import type { ZUploadPhotoResponse } from '@momentos/contract';
import { GUEST_TOKEN_HEADER } from '@momentos/contract/constants';
import type { z } from 'zod';
import { ApiError, errorFromJsonText, NETWORK_ERROR_STATUS } from '@/lib/api-client';
import {
  decideAfterFailure,
  encodeMetadata,
  forgetUploadUrl,
  isResumable,
  MAX_CHUNK_ATTEMPTS,
  nextChunk,
  readUploadUrl,
  rememberUploadUrl,
  resumeKey,
  retryDelayMs,
  uploadPath,
} from './resumable';

export type UploadResult = z.infer<typeof ZUploadPhotoResponse>['data'];

export interface UploadOptions {
  albumId: string;
  token: string;
  uploaderName: string;
  /** Bytes of the file sent so far and its total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

const TUS_VERSION = '1.0.0';
const aborted = () => new DOMException('Upload aborted', 'AbortError');
const networkError = () => new ApiError('Network error', NETWORK_ERROR_STATUS, 'NETWORK_ERROR');

// The API client's parser, so an upload's failure reads like any other call's (Retry-After included).
const errorFromXhr = (xhr: XMLHttpRequest): ApiError =>
  errorFromJsonText(xhr.status, xhr.responseText, xhr.getResponseHeader('Retry-After'));

interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: XMLHttpRequestBodyInit | null;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * One request over XMLHttpRequest (only it reports upload progress). Resolves with the finished
 * request whatever its status; rejects with a network ApiError when no answer came and an
 * AbortError when the signal fired.
 */
function send({ method, url, headers, body, onProgress, signal }: XhrRequest): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve(xhr);
    };
    xhr.onerror = () => {
      settle();
      reject(networkError());
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    xhr.send(body ?? null);
  });
}

const ok = (xhr: XMLHttpRequest) => xhr.status >= 200 && xhr.status < 300;

function parseResult(xhr: XMLHttpRequest): UploadResult {
  try {
    return (JSON.parse(xhr.responseText) as z.infer<typeof ZUploadPhotoResponse>).data;
  } catch {
    throw new ApiError('Failed to upload photo', xhr.status);
  }
}

/** One multipart POST to /api/albums/{albumId}/photos (uploaderName, photo). */
async function uploadWhole(
  file: File,
  { albumId, token, uploaderName, onProgress, signal }: UploadOptions,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('uploaderName', uploaderName);
  form.append('photo', file, file.name);
  const xhr = await send({
    method: 'POST',
    url: `/api/albums/${encodeURIComponent(albumId)}/photos`,
    headers: { Accept: 'application/json', [GUEST_TOKEN_HEADER]: token },
    body: form,
    onProgress,
    signal,
  });
  if (!ok(xhr)) throw errorFromXhr(xhr);
  return parseResult(xhr);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * tus 1.0 over /api/albums/{albumId}/uploads, one XHR per chunk. The upload's URL is kept in
 * local storage per file, so after a drop, a reload or the 'online' event the file goes on from
 * the offset the server holds (HEAD) instead of from the start. An upload the server no longer
 * knows (finished, expired, another guest's) is started over once. Aborting leaves the upload on
 * the server for a later resume; removing the file cancels it (discardUpload).
 */
async function uploadInChunks(
  file: File,
  { albumId, token, uploaderName, onProgress, signal }: UploadOptions,
): Promise<UploadResult> {
  const key = resumeKey(albumId, file);
  const base = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
  const headers = { 'Tus-Resumable': TUS_VERSION, [GUEST_TOKEN_HEADER]: token };
  let restarted = false;
  let url = readUploadUrl(key);
  let offset = 0;

  const create = async () => {
    const xhr = await send({
      method: 'POST',
      url: `/api/albums/${encodeURIComponent(albumId)}/uploads`,
      headers: {
        ...headers,
        Accept: 'application/json',
        'Upload-Length': String(file.size),
        'Upload-Metadata': encodeMetadata({ filename: file.name, uploaderName, filetype: file.type }),
      },
      signal,
    });
    const location = xhr.getResponseHeader('Location');
    if (!ok(xhr) || !location) throw errorFromXhr(xhr);
    url = uploadPath(location, base);
    rememberUploadUrl(key, url);
    offset = 0;
  };
  const restart = async (error: ApiError) => {
    forgetUploadUrl(key);
    if (restarted) throw error;
    restarted = true;
    await create();
  };
  /** Asks the server how many bytes it holds; false when the upload is gone. */
  const head = async (): Promise<boolean> => {
    const xhr = await send({ method: 'HEAD', url: url!, headers, signal });
    if (!ok(xhr)) {
      if (decideAfterFailure(xhr.status) === 'restart') return false;
      throw errorFromXhr(xhr);
    }
    offset = Number(xhr.getResponseHeader('Upload-Offset') ?? '0');
    return true;
  };
  const finished = async (): Promise<UploadResult> => {
    const xhr = await send({ method: 'GET', url: url!, headers: { ...headers, Accept: 'application/json' }, signal });
    if (!ok(xhr)) throw errorFromXhr(xhr);
    return parseResult(xhr);
  };

  if (url) {
    // A file this browser began before: go on from where the server is.
    if (!(await head())) {
      forgetUploadUrl(key);
      await create();
    }
  } else {
    await create();
  }

  let attempt = 0;
  for (;;) {
    onProgress?.(offset, file.size);
    const chunk = nextChunk(offset, file.size);
    if (!chunk) {
      // Every byte was in already (the answer to the last PATCH was lost): ask for the photo.
      const result = await finished();
      forgetUploadUrl(key);
      return result;
    }
    let xhr: XMLHttpRequest | undefined;
    let failure: ApiError;
    try {
      xhr = await send({
        method: 'PATCH',
        url: url!,
        headers: {
          ...headers,
          'Upload-Offset': String(chunk.start),
          'Content-Type': 'application/offset+octet-stream',
        },
        body: file.slice(chunk.start, chunk.end),
        onProgress: onProgress
          ? (loaded) => onProgress(chunk.start + Math.min(loaded, chunk.end - chunk.start), file.size)
          : undefined,
        signal,
      });
      if (ok(xhr)) {
        attempt = 0;
        offset = Number(xhr.getResponseHeader('Upload-Offset') ?? chunk.end);
        const photoId = xhr.getResponseHeader('Momentos-Photo-Id');
        if (photoId) {
          forgetUploadUrl(key);
          onProgress?.(file.size, file.size);
          return {
            id: photoId,
            status: xhr.getResponseHeader('Momentos-Photo-Status') === 'pending' ? 'pending' : 'approved',
          };
        }
        continue;
      }
      failure = errorFromXhr(xhr);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failure = error;
    }
    const decision = decideAfterFailure(failure.status);
    if (decision === 'fail') {
      // Refused at the finish (limits, unreadable file): the server removed the upload.
      forgetUploadUrl(key);
      throw failure;
    }
    if (decision === 'restart') {
      await restart(failure);
      continue;
    }
    // A dropped connection or a moved offset: ask the server where it is and go on from there.
    attempt += 1;
    if (attempt >= MAX_CHUNK_ATTEMPTS || (failure.status === NETWORK_ERROR_STATUS && offline())) throw failure;
    if (decision === 'retry') await sleep(retryDelayMs(attempt), signal);
    try {
      if (!(await head())) await restart(failure);
    } catch (error) {
      if (error instanceof ApiError && error.status === NETWORK_ERROR_STATUS) continue;
      throw error;
    }
  }
}

/**
 * Sends one file: photos up to the threshold as one multipart POST, larger files and every
 * video in resumable chunks. Both answer the photo's { id, status } and fail with an ApiError
 * (spec 000 §8 rule (b)), or an AbortError when the signal fires. Every upload goes through here.
 */
export function uploadFile(file: File, options: UploadOptions): Promise<UploadResult> {
  return isResumable(file) ? uploadInChunks(file, options) : uploadWhole(file, options);
}

/**
 * The guest removed a file: cancel its unfinished resumable upload on the server (tus
 * termination) and forget it here. Best effort; the server's expiry sweep catches the rest.
 */
export async function discardUpload(
  file: File,
  { albumId, token }: { albumId: string; token: string | undefined },
): Promise<void> {
  if (!isResumable(file)) return;
  const key = resumeKey(albumId, file);
  const url = readUploadUrl(key);
  if (!url) return;
  forgetUploadUrl(key);
  if (!token) return;
  await send({ method: 'DELETE', url, headers: { 'Tus-Resumable': TUS_VERSION, [GUEST_TOKEN_HEADER]: token } }).catch(
    () => undefined,
  );
}
