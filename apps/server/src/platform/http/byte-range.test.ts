import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.js';

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
