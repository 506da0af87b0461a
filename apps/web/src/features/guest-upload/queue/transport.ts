import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-error';

/**
 * One HTTP request of the upload queue. The page sends it over XMLHttpRequest (the only API that
 * reports upload progress); the service worker and the benchmark over fetch. Both resolve with
 * the answer whatever its status, and reject with a network ApiError (status 0) when no answer
 * came in time, or an AbortError when the signal fired.
 */
export interface TransportRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Blob | FormData | null;
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  header(name: string): string | null;
  text: string;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** No byte moving for this long means the connection is dead, whatever the socket believes. */
export const STALL_MS = 45_000;

export const abortError = () => new DOMException('Upload aborted', 'AbortError');
export const timeoutError = () => new ApiError('No answer in time', NETWORK_ERROR_STATUS, 'TIMEOUT');
const networkError = () => new ApiError('Network error', NETWORK_ERROR_STATUS, 'NETWORK_ERROR');

/** XMLHttpRequest, with a stall timer that every progress event pushes back. */
export const xhrTransport: Transport = ({ method, url, headers, body, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    const onAbort = () => xhr.abort();
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      arm();
      onProgress?.(event.loaded);
    };
    xhr.onprogress = arm;
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText });
    };
    xhr.onerror = () => {
      settle();
      reject(networkError());
    };
    xhr.onabort = () => {
      settle();
      reject(stalled ? timeoutError() : abortError());
    };
    arm();
    xhr.send(body ?? null);
  });

/**
 * fetch, for contexts without XMLHttpRequest (the service worker, Node). It reports no progress
 * while sending, so its deadline grows with the body: the stall time plus a slow phone's 50 kB/s.
 */
export const fetchTransport: Transport = async ({ method, url, headers, body, onProgress, signal }) => {
  if (signal?.aborted) throw abortError();
  const size = body instanceof Blob ? body.size : 0;
  const deadline = AbortSignal.timeout(STALL_MS + Math.ceil(size / 50)); // 50 bytes per ms = 50 kB/s
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const response = await fetch(url, { method, headers, body: body ?? null, signal: combined, credentials: 'omit' });
    const text = method === 'HEAD' ? '' : await response.text();
    onProgress?.(size);
    return { status: response.status, header: (name) => response.headers.get(name), text };
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (deadline.aborted) throw timeoutError();
    if (error instanceof DOMException && error.name === 'AbortError') throw abortError();
    throw networkError();
  }
};
