import fsp from 'node:fs/promises';

/**
 * Reads a file at any offset through one 64 KB window, so walking thousands of small boxes or
 * elements costs a few reads, and a 200 MB video is never held in memory.
 */
export async function openWindowed(file: string) {
  const handle = await fsp.open(file, 'r');
  const { size } = await handle.stat();
  const window = Buffer.alloc(64 * 1024);
  let start = 0;
  let length = 0;
  return {
    size,
    close: () => handle.close(),
    /** Up to `count` bytes (≤ 64 KB) at `offset`; fewer at the end of the file. */
    async read(offset: number, count: number): Promise<Buffer> {
      if (offset < start || offset + count > start + length) {
        start = offset;
        ({ bytesRead: length } = await handle.read(window, 0, window.length, offset));
      }
      return window.subarray(offset - start, Math.min(offset - start + count, length));
    },
  };
}
export type Reader = Awaited<ReturnType<typeof openWindowed>>;

/** Past this many boxes or elements a file is not a video anyone recorded (and the walk stays short). */
export const MAX_ITEMS = 200_000;
const isPrintable = (type: Buffer) => type.length === 4 && type.every((byte) => byte >= 0x20 && byte <= 0x7e);

export interface Box {
  type: string;
  /** Where the box's header starts. */
  start: number;
  /** Where the box's content starts, after its header. */
  body: number;
  end: number;
}

/** The boxes in [from, to): each with a printable type and a size that ends inside the range. */
export async function* boxes(reader: Reader, from: number, to: number): AsyncGenerator<Box> {
  let at = from;
  for (let count = 0; at < to; count++) {
    if (count >= MAX_ITEMS || to - at < 8) throw new Error('box header past the end');
    const head = await reader.read(at, 16);
    if (head.length < 8 || !isPrintable(head.subarray(4, 8))) throw new Error('not a box');
    let size = head.readUInt32BE(0);
    let body = at + 8;
    if (size === 1) {
      if (head.length < 16) throw new Error('box header past the end');
      size = Number(head.readBigUInt64BE(8));
      body = at + 16;
    } else if (size === 0) {
      size = to - at; // "to the end of the file": only the last box may say so
    }
    if (size < body - at || at + size > to) throw new Error('box size past its container');
    yield { type: head.toString('latin1', 4, 8), start: at, body, end: at + size };
    at += size;
  }
}

/** What a container's headers say of the clip, where they say it (MP4 and QuickTime do; see readIsoFacts). */
export interface StructureFacts {
  durationMs?: number;
  width?: number;
  height?: number;
}

/** `mvhd`: the movie's length in its own time scale (version 1 writes 64-bit times). */
async function movieDurationMs(reader: Reader, box: Box): Promise<number | undefined> {
  const head = await reader.read(box.body, 32);
  const wide = head[0] === 1;
  if (head.length < (wide ? 32 : 20)) return undefined;
  const timescale = head.readUInt32BE(wide ? 20 : 12);
  const duration = wide ? Number(head.readBigUInt64BE(24)) : head.readUInt32BE(16);
  return timescale > 0 ? Math.round((duration / timescale) * 1000) : undefined;
}

/** `tkhd`: the track's display size, 16.16 fixed point in its last 8 bytes (0 × 0 for sound). */
async function trackSize(reader: Reader, box: Box): Promise<{ width: number; height: number } | undefined> {
  if (box.end - box.body < 8) return undefined;
  const size = await reader.read(box.end - 8, 8);
  return size.length === 8 ? { width: size.readUInt32BE(0) >>> 16, height: size.readUInt32BE(4) >>> 16 } : undefined;
}

/**
 * ISO base media (MP4, QuickTime): top-level boxes of sane sizes tile the file (bytes after a whole
 * movie aside), with an `ftyp` or a `moov` (old QuickTime writes no `ftyp`), an `mdat`, and a `trak`
 * in the `moov`. On the way it reads the movie's length (`mvhd`) and its largest track (`tkhd`).
 */
async function readIsoVideo(reader: Reader): Promise<StructureFacts | undefined> {
  const seen = new Set<string>();
  let hasTrack = false;
  const facts: StructureFacts = {};
  const isWhole = () => (seen.has('ftyp') || seen.has('moov')) && seen.has('mdat') && hasTrack;
  try {
    for await (const box of boxes(reader, 0, reader.size)) {
      seen.add(box.type);
      if (box.type !== 'moov' || hasTrack) continue;
      for await (const child of boxes(reader, box.body, box.end)) {
        if (child.type === 'mvhd') facts.durationMs = await movieDurationMs(reader, child);
        if (child.type !== 'trak') continue;
        hasTrack = true;
        for await (const part of boxes(reader, child.body, child.end)) {
          const size = part.type === 'tkhd' ? await trackSize(reader, part) : undefined;
          if (size && size.width * size.height > (facts.width ?? 0) * (facts.height ?? 0)) Object.assign(facts, size);
        }
      }
    }
  } catch (error) {
    // Some phones append their own data after the last box (Samsung's trailer): once the movie's
    // boxes are whole, what follows them is not ours to judge.
    if (!isWhole()) throw error;
  }
  // A movie without media data plays nothing, whatever its headers say.
  return isWhole() ? facts : undefined;
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
export const SEGMENT = 0x18538067;
export const CLUSTER = 0x1f43b675;

/** An EBML variable-length integer at the start of `bytes`: its length and value (undefined: "unknown"). */
function vint(bytes: Buffer, keepMarker: boolean): { length: number; value: number | undefined } {
  const first = bytes[0] ?? 0;
  const length = first === 0 ? 9 : Math.clz32(first) - 23;
  if (length > 8 || bytes.length < length) throw new Error('bad EBML number');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index++) {
    value = value * 256 + bytes[index]!;
    allOnes &&= bytes[index] === 0xff;
  }
  return { length, value: allOnes && !keepMarker ? undefined : value };
}

/** The element at `at`: id, where its data starts, and where it ends (undefined for an unknown size). */
export async function element(reader: Reader, at: number, limit: number) {
  const head = await reader.read(at, 12);
  const id = vint(head, true);
  if (id.length > 4) throw new Error('bad EBML id');
  const size = vint(head.subarray(id.length), false);
  const data = at + id.length + size.length;
  const end = size.value === undefined ? undefined : data + size.value;
  if (data > limit || (end !== undefined && end > limit)) throw new Error('EBML element past its container');
  return { id: id.value!, data, end };
}

/** WebM/Matroska: an EBML header whose DocType is webm or matroska, then a Segment holding a Cluster. */
async function isMatroskaVideo(reader: Reader): Promise<boolean> {
  const header = await element(reader, 0, reader.size);
  if (header.id !== EBML || header.end === undefined) return false;
  let docType = '';
  // The header holds half a dozen small elements; a long list of them is not a header.
  for (let at = header.data, count = 0; at < header.end; count++) {
    if (count >= 64) return false;
    const child = await element(reader, at, header.end);
    if (child.end === undefined) return false;
    if (child.id === DOC_TYPE) {
      const value = await reader.read(child.data, Math.min(child.end - child.data, 32));
      docType = value.toString('latin1').replace(/\0+$/, '');
    }
    at = child.end;
  }
  if (docType !== 'webm' && docType !== 'matroska') return false;
  const segment = await element(reader, header.end, reader.size);
  if (segment.id !== SEGMENT) return false;
  // A live recording (a browser's MediaRecorder) leaves the Segment's and Clusters' sizes unknown:
  // the walk checks every size it can and stops at the first it cannot skip.
  const segmentEnd = segment.end ?? reader.size;
  let hasCluster = false;
  for (let at = segment.data, count = 0; at < segmentEnd; count++) {
    if (count >= MAX_ITEMS) return false;
    const child = await element(reader, at, segmentEnd);
    hasCluster ||= child.id === CLUSTER;
    if (child.end === undefined) return child.id === CLUSTER;
    at = child.end;
  }
  return hasCluster;
}

/**
 * Whether the file's container is whole enough to be a video, judged from its structure alone: what
 * decides when ffprobe is not installed. It reads box and element headers, never the media data,
 * so it says nothing about the codec; a file with a header and anything else behind it fails.
 * Answers what the headers say of the clip (MP4 and QuickTime only), or undefined when it is not whole.
 */
export async function readVideoStructure(
  file: string,
  container: 'iso' | 'matroska',
): Promise<StructureFacts | undefined> {
  const reader = await openWindowed(file);
  try {
    if (container === 'iso') return await readIsoVideo(reader);
    return (await isMatroskaVideo(reader)) ? {} : undefined;
  } catch {
    return undefined;
  } finally {
    await reader.close();
  }
}

/** Whether the file's container is whole enough to be a video (see readVideoStructure). */
export async function hasVideoStructure(file: string, container: 'iso' | 'matroska'): Promise<boolean> {
  return (await readVideoStructure(file, container)) !== undefined;
}
