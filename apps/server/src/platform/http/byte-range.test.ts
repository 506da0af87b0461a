import { describe, expect, it } from 'vitest';
import { parseByteRange, rangeAnswer } from './byte-range.js';

describe('parseByteRange', () => {
  it('reads one byte range and clamps its end to the resource', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=50-500', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseByteRange('bytes=99-99', 100)).toEqual({ kind: 'partial', start: 99, end: 99 });
    expect(parseByteRange(' Bytes=0-0 ', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
  });

  it('reads a suffix as the last bytes, the whole resource when the suffix is longer', () => {
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('answers 416 for a first byte past the end and for an empty suffix (RFC 9110 §14.1.2)', () => {
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=150-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores an invalid range, a last byte before the first, and sends the whole resource (§14.2)', () => {
    expect(parseByteRange('bytes=9-3', 100)).toEqual({ kind: 'whole' });
    // Invalid before unsatisfiable: the header is ignored, however far past the end it points.
    expect(parseByteRange('bytes=200-150', 100)).toEqual({ kind: 'whole' });
  });

  it('sends the whole resource for no header, several ranges, other units and empty resources', () => {
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=-', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseByteRange('bytes=-10', 0)).toEqual({ kind: 'whole' });
  });
});

describe('rangeAnswer', () => {
  const etag = '"abc"';
  const tail = { kind: 'partial', start: 10, end: 99 };

  it('honours a Range whose If-Range is the current ETag, and sends the whole for any other validator', () => {
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: etag }, 100, etag)).toEqual(tail);
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: '"old"' }, 100, etag)).toEqual({ kind: 'whole' });
    // Weak tags and dates never match (strong comparison; no route sends Last-Modified).
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: 'W/"abc"' }, 100, 'W/"abc"')).toEqual({ kind: 'whole' });
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: 'Fri, 27 Nov 2026 10:00:00 GMT' }, 100, etag)).toEqual({
      kind: 'whole',
    });
    // No validator at all (a file without ETag) cannot match either.
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: etag }, 100, undefined)).toEqual({ kind: 'whole' });
  });

  it("refuses a Range without If-Range when the caller's link names another version, and only then", () => {
    expect(rangeAnswer({ range: 'bytes=10-', linkEtag: '"old"' }, 100, etag)).toEqual({ kind: 'precondition-failed' });
    expect(rangeAnswer({ range: 'bytes=100-', linkEtag: '"old"' }, 100, etag)).toEqual({
      kind: 'precondition-failed',
    });
    expect(rangeAnswer({ range: 'bytes=10-', linkEtag: etag }, 100, etag)).toEqual(tail);
    // The whole archive is right whatever the link was made for; If-Range decides on its own.
    expect(rangeAnswer({ linkEtag: '"old"' }, 100, etag)).toEqual({ kind: 'whole' });
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: etag, linkEtag: '"old"' }, 100, etag)).toEqual(tail);
    expect(rangeAnswer({ range: 'bytes=10-', ifRange: '"old"', linkEtag: '"old"' }, 100, etag)).toEqual({
      kind: 'whole',
    });
  });

  it('answers 412 to an If-Match that names no current ETag, before looking at the range', () => {
    expect(rangeAnswer({ ifMatch: '"old"' }, 100, etag)).toEqual({ kind: 'precondition-failed' });
    expect(rangeAnswer({ ifMatch: '"old", "abc"', range: 'bytes=10-' }, 100, etag)).toEqual(tail);
    expect(rangeAnswer({ ifMatch: '*', range: 'bytes=10-' }, 100, etag)).toEqual(tail);
    expect(rangeAnswer({ ifMatch: 'W/"abc"' }, 100, 'W/"abc"')).toEqual({ kind: 'precondition-failed' });
    expect(rangeAnswer({ ifMatch: etag }, 100, undefined)).toEqual({ kind: 'precondition-failed' });
  });
});
