import { describe, expect, it } from 'vitest';
import {
  CHUNK_SIZE,
  decideAfterFailure,
  encodeMetadata,
  isResumable,
  nextChunk,
  RESUMABLE_THRESHOLD,
  resumeKey,
  retryDelayMs,
  uploadPath,
} from './resumable';

describe('which files go in chunks', () => {
  it('takes every video and any file above the threshold; small photos go whole', () => {
    expect(isResumable({ size: 1_000, type: 'video/mp4' })).toBe(true);
    expect(isResumable({ size: RESUMABLE_THRESHOLD + 1, type: 'image/jpeg' })).toBe(true);
    expect(isResumable({ size: RESUMABLE_THRESHOLD, type: 'image/jpeg' })).toBe(false);
    expect(isResumable({ size: 3_000_000, type: '' })).toBe(false);
  });
});

describe('chunks', () => {
  it('walks the file in CHUNK_SIZE pieces from any offset, the last one shorter', () => {
    const size = 2 * CHUNK_SIZE + 123;
    const ranges = [];
    for (let chunk = nextChunk(0, size); chunk; chunk = nextChunk(chunk.end, size)) ranges.push(chunk);
    expect(ranges).toEqual([
      { start: 0, end: CHUNK_SIZE },
      { start: CHUNK_SIZE, end: 2 * CHUNK_SIZE },
      { start: 2 * CHUNK_SIZE, end: size },
    ]);
    // A resume from the server's offset starts where it left off, not at a chunk boundary.
    expect(nextChunk(777, size, 1000)).toEqual({ start: 777, end: 1777 });
    expect(nextChunk(size, size)).toBeNull();
  });

  it('waits longer before each retry, up to 15 s', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000]);
  });
});

describe('what a failed request means', () => {
  it('starts over when the upload is gone or not ours, asks the offset again on 409, retries a drop, fails otherwise', () => {
    expect([404, 410, 401, 403].map(decideAfterFailure)).toEqual(['restart', 'restart', 'restart', 'restart']);
    expect(decideAfterFailure(409)).toBe('resync');
    expect([0, 500, 502, 503, 504].map(decideAfterFailure)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry']);
    expect([400, 413, 415, 422].map(decideAfterFailure)).toEqual(['fail', 'fail', 'fail', 'fail']);
  });
});

describe('metadata and keys', () => {
  it('encodes tus metadata as base64 of UTF-8', () => {
    const header = encodeMetadata({ filename: 'baile.mp4', uploaderName: 'Tía Carmen' });
    const pairs = Object.fromEntries(header.split(',').map((pair) => pair.split(' ')));
    expect(Object.keys(pairs)).toEqual(['filename', 'uploaderName']);
    const decode = (value: string) => new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
    expect(decode(pairs.uploaderName!)).toBe('Tía Carmen');
    expect(decode(pairs.filename!)).toBe('baile.mp4');
  });

  it('keys a file by album, size, modification time and name', () => {
    const file = { name: 'baile.mp4', size: 12, lastModified: 34 };
    expect(resumeKey('a1', file)).toBe('momentos.upload.a1.12.34.baile.mp4');
    expect(resumeKey('a2', file)).not.toBe(resumeKey('a1', file));
    expect(resumeKey('a1', { ...file, lastModified: 35 })).not.toBe(resumeKey('a1', file));
  });

  it('keeps only the path of a Location header', () => {
    expect(uploadPath('http://localhost:3000/api/albums/x/uploads/y', 'http://localhost:3000/guest/1')).toBe(
      '/api/albums/x/uploads/y',
    );
    expect(uploadPath('/api/albums/x/uploads/y', 'http://localhost:3000/guest/1')).toBe('/api/albums/x/uploads/y');
  });
});
