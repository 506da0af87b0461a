/**
 * One `Range: bytes=…` header against a resource of `size` bytes (RFC 9110 §14.1.2 and §14.2), the
 * one parser every route that serves ranges uses. Multiple ranges are answered with the whole
 * resource (allowed by the RFC), as is anything this does not parse.
 */
export type ByteRange = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: ByteRange = { kind: 'whole' };
const UNSATISFIABLE: ByteRange = { kind: 'unsatisfiable' };

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return WHOLE;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return WHOLE;
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    // "The last 0 bytes" is well formed but selects no byte: unsatisfiable, not ignored.
    if (suffix === 0) return UNSATISFIABLE;
    // A suffix of an empty resource is satisfiable, but a 206 could name no byte: send it whole.
    if (size === 0) return WHOLE;
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // A last position before the first makes the header invalid, and an invalid Range is ignored (200).
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
