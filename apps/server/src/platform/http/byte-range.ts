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

/** The request's preconditions on a resource whose bytes have the strong `etag` (quoted), when it has one. */
export interface RangeConditions {
  range?: string;
  ifRange?: string;
  ifMatch?: string;
  /**
   * The ETag the caller's link was made for (a signed download link's `v`): a range is a piece of
   * that version only, so a Range without If-Range on another version is refused rather than
   * answered with bytes that would not join the caller's earlier ones.
   */
  linkEtag?: string;
}

export type RangeAnswer = ByteRange | { kind: 'precondition-failed' };

/** Strong comparison (RFC 9110 §8.8.3.2): a weak tag matches nothing. */
const strongMatch = (tag: string, etag: string | undefined) =>
  etag !== undefined && tag === etag && !tag.startsWith('W/');

/**
 * What a GET or HEAD answers (RFC 9110 §13.2.2): If-Match first (412 unless one listed tag is
 * current), then Range, which If-Range keeps only while its validator is the current ETag (dates
 * never match: no route sends Last-Modified) and a stale link refuses (412). Anything else is a
 * full 200 or the range asked for.
 */
export function rangeAnswer(conditions: RangeConditions, size: number, etag: string | undefined): RangeAnswer {
  const { ifMatch, ifRange, linkEtag } = conditions;
  if (ifMatch !== undefined && ifMatch.trim() !== '*') {
    const listed = ifMatch.split(',').map((tag) => tag.trim());
    if (!listed.some((tag) => strongMatch(tag, etag))) return { kind: 'precondition-failed' };
  }
  const range = parseByteRange(conditions.range, size);
  if (range.kind === 'whole') return range;
  if (ifRange !== undefined) return strongMatch(ifRange.trim(), etag) ? range : WHOLE;
  if (linkEtag !== undefined && linkEtag !== etag) return { kind: 'precondition-failed' };
  return range;
}
