import type { ZUploadPhotoResponse } from '@momentos/contract';
import { GUEST_TOKEN_HEADER, guestStatusOf } from '@momentos/contract/constants';
import type { z } from 'zod';
import { ApiError, errorFromJsonText } from '@/lib/api-error';
import type { QueuedFile } from './queue-store';
import type { Transport, TransportResponse } from './transport';

export type UploadResult = z.infer<typeof ZUploadPhotoResponse>['data'];

/** Files above this size, and every video, go resumable (tus): a drop costs only what was in flight. */
export const RESUMABLE_THRESHOLD = 2 * 1024 * 1024;
/** Bytes per PATCH: small enough that a drop on a venue's network loses little, large enough to keep requests few. */
export const CHUNK_SIZE = 5 * 1024 * 1024;

export const isResumable = (file: { size: number; kind: string }) =>
  file.size > RESUMABLE_THRESHOLD || file.kind === 'video';

/** The byte range [start, end) of the next PATCH from `offset`, or null when every byte is in. */
export function nextChunk(offset: number, size: number, chunkSize = CHUNK_SIZE): { start: number; end: number } | null {
  if (offset >= size) return null;
  return { start: offset, end: Math.min(size, offset + chunkSize) };
}

/** tus Upload-Metadata: comma-separated `key base64(utf-8 value)` pairs. */
export function encodeMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => {
      let binary = '';
      for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
      return `${key} ${btoa(binary)}`;
    })
    .join(',');
}

export interface SendContext {
  transport: Transport;
  guestToken: string;
  /** Where the API is: '' in the browser, the server's origin elsewhere. */
  origin?: string;
  signal?: AbortSignal;
  /** Bytes of the file the server holds or has been sent so far. */
  onProgress?: (sent: number) => void;
  /** A resumable upload was created, or one the server lost replaced: remember it for the next try. */
  onUploadUrl?: (url: string | undefined) => void;
}

const TUS = '1.0.0';
const ok = (response: TransportResponse) => response.status >= 200 && response.status < 300;
const failure = (response: TransportResponse) =>
  errorFromJsonText(response.status, response.text, response.header('Retry-After'));

function resultOf(response: TransportResponse): UploadResult {
  try {
    return (JSON.parse(response.text) as z.infer<typeof ZUploadPhotoResponse>).data;
  } catch {
    throw new ApiError('Failed to upload photo', response.status);
  }
}

/** One multipart POST: the server stores a file it already has once and answers its id all the same. */
async function sendWhole(file: QueuedFile, blob: Blob, context: SendContext): Promise<UploadResult> {
  const form = new FormData();
  form.append('uploaderName', file.uploaderName ?? '');
  if (file.sectionId) form.append('sectionId', file.sectionId);
  form.append('photo', blob, file.name);
  const response = await context.transport({
    method: 'POST',
    url: `${context.origin ?? ''}/api/albums/${encodeURIComponent(file.albumId)}/photos`,
    headers: { Accept: 'application/json', [GUEST_TOKEN_HEADER]: context.guestToken },
    body: form,
    signal: context.signal,
    // The form's own bytes (boundaries, the name) make `loaded` a little larger than the file.
    onProgress: (loaded) => context.onProgress?.(Math.min(loaded, file.size)),
  });
  if (!ok(response)) throw failure(response);
  return resultOf(response);
}

/**
 * tus 1.0 over /api/albums/{albumId}/uploads from wherever the server is: HEAD tells the offset of
 * an upload begun before (by this tab, an earlier one or the service worker), then one PATCH per
 * chunk. An upload the server no longer knows (finished and swept, expired, another guest's) is
 * created anew. When every byte is in but the last answer was lost, GET asks for the photo. Any
 * other failure is thrown for the queue to decide; what the server holds stays for the next try.
 */
async function sendResumable(file: QueuedFile, blob: Blob, context: SendContext): Promise<UploadResult> {
  const { transport, signal } = context;
  const origin = context.origin ?? '';
  const headers = { 'Tus-Resumable': TUS, [GUEST_TOKEN_HEADER]: context.guestToken };
  let url = file.uploadUrl;
  let offset = 0;

  const create = async () => {
    const response = await transport({
      method: 'POST',
      url: `${origin}/api/albums/${encodeURIComponent(file.albumId)}/uploads`,
      headers: {
        ...headers,
        Accept: 'application/json',
        'Upload-Length': String(file.size),
        'Upload-Metadata': encodeMetadata({
          filename: file.name,
          uploaderName: file.uploaderName ?? '',
          filetype: file.type,
          ...(file.sectionId && { sectionId: file.sectionId }),
        }),
      },
      signal,
    });
    const location = response.header('Location');
    if (!ok(response) || !location) throw failure(response);
    url = new URL(location, 'http://momentos.invalid').pathname;
    offset = 0;
    context.onUploadUrl?.(url);
  };
  const gone = (status: number) => status === 404 || status === 410 || status === 403;

  if (url) {
    const response = await transport({ method: 'HEAD', url: origin + url, headers, signal });
    if (ok(response)) offset = Number(response.header('Upload-Offset') ?? '0');
    else if (gone(response.status)) {
      context.onUploadUrl?.(undefined);
      await create();
    } else throw failure(response);
  } else {
    await create();
  }

  for (;;) {
    context.onProgress?.(offset);
    const chunk = nextChunk(offset, file.size);
    if (!chunk) {
      const response = await transport({
        method: 'GET',
        url: origin + url,
        headers: { ...headers, Accept: 'application/json' },
        signal,
      });
      if (!ok(response)) throw failure(response);
      return resultOf(response);
    }
    const response = await transport({
      method: 'PATCH',
      url: origin + url,
      headers: { ...headers, 'Upload-Offset': String(chunk.start), 'Content-Type': 'application/offset+octet-stream' },
      body: blob.slice(chunk.start, chunk.end),
      signal,
      onProgress: (loaded) => context.onProgress?.(chunk.start + Math.min(loaded, chunk.end - chunk.start)),
    });
    if (!ok(response)) {
      // The server lost the upload between two chunks: the next try begins it again.
      if (gone(response.status)) context.onUploadUrl?.(undefined);
      throw failure(response);
    }
    offset = Number(response.header('Upload-Offset') ?? chunk.end);
    const photoId = response.header('Momentos-Photo-Id');
    if (photoId) {
      context.onProgress?.(file.size);
      return { id: photoId, status: guestStatusOf(response.header('Momentos-Photo-Status')) };
    }
  }
}

/**
 * One try at sending one queued file: small photos as one multipart POST, larger files and every
 * video resumable. Answers the photo's { id, status } or throws an ApiError (or an AbortError).
 */
export function sendFile(file: QueuedFile, context: SendContext): Promise<UploadResult> {
  if (!file.blob) return Promise.reject(new ApiError('The file is no longer on this device', 410, 'FILE_GONE'));
  return isResumable(file) ? sendResumable(file, file.blob, context) : sendWhole(file, file.blob, context);
}

/** The guest removed a file: cancel its unfinished resumable upload (tus termination). Best effort: the server's expiry sweep catches the rest. */
export async function cancelOnServer(
  file: QueuedFile,
  context: Pick<SendContext, 'transport' | 'guestToken' | 'origin'>,
) {
  if (!file.uploadUrl) return;
  await context
    .transport({
      method: 'DELETE',
      url: (context.origin ?? '') + file.uploadUrl,
      headers: { 'Tus-Resumable': TUS, [GUEST_TOKEN_HEADER]: context.guestToken },
    })
    .catch(() => undefined);
}
