import { GUEST_TOKEN_HEADER, type ZUploadPhotoResponse } from '@momentos/contract';
import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client';

export type UploadResult = z.infer<typeof ZUploadPhotoResponse>['data'];

export interface UploadOptions {
  albumId: string;
  token: string;
  uploaderName: string;
  /** Bytes sent so far and the request's total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Spec 000 §8 rule (b): the body's message, else 'Request failed', else `HTTP {status}`. */
function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    return new ApiError(`HTTP ${xhr.status}`, xhr.status);
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : 'Request failed';
  return new ApiError(message, xhr.status, typeof record.code === 'string' ? record.code : undefined);
}

/**
 * Sends one file to POST /api/albums/{albumId}/photos (multipart: uploaderName, photo; header
 * X-Guest-Token). XMLHttpRequest rather than fetch because only it reports upload progress.
 * Every upload goes through here, so a resumable chunked transport for large videos can replace
 * this one function later without touching the screen.
 */
export function uploadFile(file: File, { albumId, token, uploaderName, onProgress, signal }: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/albums/${encodeURIComponent(albumId)}/photos`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(GUEST_TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromXhr(xhr));
        return;
      }
      try {
        resolve((JSON.parse(xhr.responseText) as { data: UploadResult }).data);
      } catch {
        reject(new ApiError('Failed to upload photo', xhr.status));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('Network error', NETWORK_ERROR_STATUS, 'NETWORK_ERROR'));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    const form = new FormData();
    form.append('uploaderName', uploaderName);
    form.append('photo', file, file.name);
    xhr.send(form);
  });
}
