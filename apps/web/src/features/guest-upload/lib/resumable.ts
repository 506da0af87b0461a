import { readStorage, removeStorage, writeStorage } from '@/lib/storage';

/**
 * The pure parts of the resumable (tus 1.0) transport: which files go in chunks, where each
 * chunk starts and ends, what to do with the server's answer to a resume, and the remembered
 * upload URL per file. The XHR side is in upload-file.ts.
 */

/** Files above this size, and every video, go in chunks; smaller photos take one multipart POST. */
export const RESUMABLE_THRESHOLD = 8 * 1024 * 1024;
/** Bytes per PATCH: small enough that a drop on a venue's network loses little, large enough to keep requests few. */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** Attempts at one chunk before the file is marked failed (the 'online' event or a tap resumes it later). */
export const MAX_CHUNK_ATTEMPTS = 4;

export function isResumable(file: { size: number; type: string }): boolean {
  return file.size > RESUMABLE_THRESHOLD || file.type.startsWith('video/');
}

/** The byte range [start, end) of the next PATCH from `offset`, or null when every byte is in. */
export function nextChunk(offset: number, size: number, chunkSize = CHUNK_SIZE): { start: number; end: number } | null {
  if (offset >= size) return null;
  return { start: offset, end: Math.min(size, offset + chunkSize) };
}

/** Wait before the n-th retry of a chunk (1 s, 2 s, 4 s, … at most 15 s). */
export function retryDelayMs(attempt: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * What a failed request of an upload that exists means: 404/410 (finished, cancelled or
 * expired) and 401/403 (another guest's upload, e.g. after joining again) start over with a new
 * upload; 409 (the offset moved) asks HEAD again; no answer (status 0) or a server error is worth
 * another try of the same chunk; anything else is the file's failure.
 */
export type ResumeDecision = 'restart' | 'resync' | 'retry' | 'fail';
export function decideAfterFailure(status: number): ResumeDecision {
  if (status === 404 || status === 410 || status === 401 || status === 403) return 'restart';
  if (status === 409) return 'resync';
  if (status === 0 || status === 502 || status === 503 || status === 504 || status === 500) return 'retry';
  return 'fail';
}

/** tus Upload-Metadata: comma-separated `key base64(utf-8 value)` pairs. */
export function encodeMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => {
      const bytes = new TextEncoder().encode(value);
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return `${key} ${btoa(binary)}`;
    })
    .join(',');
}

/** The key under which this browser remembers a file's upload URL: album, name, size and modification time. */
export function resumeKey(albumId: string, file: { name: string; size: number; lastModified: number }): string {
  return `momentos.upload.${albumId}.${file.size}.${file.lastModified}.${file.name}`;
}

export function readUploadUrl(key: string): string | null {
  const value = readStorage(key);
  // Only a URL of our own API is followed, whatever else may be stored under the key.
  return value && value.startsWith('/api/albums/') ? value : null;
}

export function rememberUploadUrl(key: string, url: string): void {
  writeStorage(key, url);
}

export function forgetUploadUrl(key: string): void {
  removeStorage(key);
}

/** The path of a Location header, absolute or relative, so it can be stored and compared. */
export function uploadPath(location: string, base: string): string {
  return new URL(location, base).pathname;
}
