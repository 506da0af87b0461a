import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { framesOnly, stripOgg } from './strip-audio-metadata.js';
import { boxes, CLUSTER, element, MAX_ITEMS, openWindowed, SEGMENT, type Box, type Reader } from './video-structure.js';

/** The containers a guest copy is made of: MP4/QuickTime/M4A, WebM/Matroska, Ogg, MP3 and raw AAC. */
export type StrippableContainer = 'iso' | 'matroska' | 'ogg' | 'mp3' | 'adts';

const CONTAINER_OF_MIME: Readonly<Record<string, StrippableContainer>> = {
  'video/mp4': 'iso',
  'video/quicktime': 'iso',
  'audio/mp4': 'iso',
  'video/webm': 'matroska',
  'audio/webm': 'matroska',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/aac': 'adts',
};
export const strippableContainer = (mime: string): StrippableContainer | undefined => CONTAINER_OF_MIME[mime];

/**
 * What becomes of the input: the bytes in [from, to) are kept, then each range in `zero` is
 * overwritten with zeros and each `write` put in place (offsets are the input's).
 */
interface Plan {
  from: number;
  to: number;
  zero: { start: number; end: number }[];
  writes: { at: number; bytes: Buffer }[];
}

/** Reads [from, to) whole through the 64 KB window; tables over 16 MB are not a phone's clip. */
async function readRange(reader: Reader, from: number, to: number): Promise<Buffer> {
  if (to - from > 16 * 1024 * 1024) throw new Error('table too large');
  const parts: Buffer[] = [];
  for (let at = from; at < to;) {
    const part = await reader.read(at, Math.min(to - at, 64 * 1024));
    if (part.length === 0) throw new Error('table past the end');
    parts.push(Buffer.from(part));
    at += part.length;
  }
  return Buffer.concat(parts);
}

async function childrenOf(reader: Reader, box: Box): Promise<Box[]> {
  const list: Box[] = [];
  for await (const child of boxes(reader, box.body, box.end)) list.push(child);
  return list;
}

/**
 * The movie's boxes as far as they can be walked, and where the walk stopped: old QuickTime ends
 * a list with a 4-byte zero, and what cannot be read as boxes cannot be judged, so it is zeroed.
 */
async function movieChildren(reader: Reader, moov: Box): Promise<{ list: Box[]; rest: number }> {
  const list: Box[] = [];
  try {
    for await (const child of boxes(reader, moov.body, moov.end)) list.push(child);
    return { list, rest: moov.end };
  } catch {
    return { list, rest: list.at(-1)?.end ?? moov.body };
  }
}
const find = (list: Box[], type: string) => list.find((box) => box.type === type);

// What a movie needs to play; any other box (udta, meta, uuid, loci, XMP…) is metadata to drop.
const KEEP_TOP = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pdin', 'moof', 'mfra', 'styp', 'sidx']);
const KEEP_MOOV = new Set(['mvhd', 'trak', 'mvex', 'iods', 'free', 'skip', 'wide']);
const KEEP_TRAK = new Set(['tkhd', 'edts', 'mdia', 'tref', 'tapt', 'free', 'skip', 'wide']);
// Tracks of pictures and sound, and QuickTime's start timecode; timed metadata tracks (an iPhone's
// `mebx`, a GoPro's GPS telemetry, a dashcam's location text) go, their samples zeroed too.
const KEEP_HANDLERS = new Set(['vide', 'soun', 'tmcd']);

/** A box becomes a `free` box of the same size with nothing in it: every offset after it stays valid. */
function blankBox(plan: Plan, box: Box) {
  plan.writes.push({ at: box.start + 4, bytes: Buffer.from('free', 'latin1') });
  plan.zero.push({ start: box.body, end: box.end });
}

/** The byte ranges of a track's samples in the file, from its sample table (stsz, stsc, stco/co64). */
async function trackChunks(reader: Reader, trak: Box): Promise<{ start: number; end: number }[]> {
  const mdia = find(await childrenOf(reader, trak), 'mdia');
  const minf = mdia && find(await childrenOf(reader, mdia), 'minf');
  const stbl = minf && find(await childrenOf(reader, minf), 'stbl');
  if (!stbl) return [];
  const tables = await childrenOf(reader, stbl);
  const [stsz, stsc] = [find(tables, 'stsz'), find(tables, 'stsc')];
  const offsets = find(tables, 'stco') ?? find(tables, 'co64');
  if (!stsz || !stsc || !offsets) {
    // No sample table (or a compact `stz2`) for a track with samples: its bytes cannot be found.
    if (find(tables, 'stz2')) throw new Error('compact sample sizes');
    return [];
  }
  // One after the other: the reader has a single window.
  const sizes = await readRange(reader, stsz.body, stsz.end);
  const runs = await readRange(reader, stsc.body, stsc.end);
  const chunkTable = await readRange(reader, offsets.body, offsets.end);
  const fixedSize = sizes.readUInt32BE(4);
  const sampleCount = sizes.readUInt32BE(8);
  const sizeOf = (sample: number) => (fixedSize !== 0 ? fixedSize : sizes.readUInt32BE(12 + 4 * sample));
  const wide = offsets.type === 'co64';
  const chunkCount = chunkTable.readUInt32BE(4);
  const runCount = runs.readUInt32BE(4);
  const ranges: { start: number; end: number }[] = [];
  let sample = 0;
  for (let run = 0; run < runCount; run++) {
    const firstChunk = runs.readUInt32BE(8 + 12 * run);
    const perChunk = runs.readUInt32BE(12 + 12 * run);
    const nextFirst = run + 1 < runCount ? runs.readUInt32BE(8 + 12 * (run + 1)) : chunkCount + 1;
    for (let chunk = firstChunk; chunk < nextFirst && chunk <= chunkCount; chunk++) {
      const start = wide ? Number(chunkTable.readBigUInt64BE(8 * chunk)) : chunkTable.readUInt32BE(4 + 4 * chunk);
      let length = 0;
      for (let index = 0; index < perChunk && sample < sampleCount; index++) length += sizeOf(sample++);
      ranges.push({ start, end: Math.min(start + length, reader.size) });
    }
  }
  return ranges;
}

async function handlerOf(reader: Reader, trak: Box): Promise<string | undefined> {
  const mdia = find(await childrenOf(reader, trak), 'mdia');
  const hdlr = mdia && find(await childrenOf(reader, mdia), 'hdlr');
  return hdlr ? (await reader.read(hdlr.body + 8, 4)).toString('latin1') : undefined;
}

/**
 * MP4, QuickTime, M4A: metadata boxes at the top, in the movie and in its tracks become empty `free`
 * boxes of the same size (so no chunk offset moves), metadata tracks are dropped the same way with
 * their samples zeroed, and whatever follows the last box (a phone's trailer) is left out.
 */
async function planIso(reader: Reader): Promise<Plan | undefined> {
  const plan: Plan = { from: 0, to: 0, zero: [], writes: [] };
  let movie = false;
  let media = false;
  let inMovie = false;
  try {
    for await (const box of boxes(reader, 0, reader.size)) {
      plan.to = box.end;
      media ||= box.type === 'mdat';
      if (!KEEP_TOP.has(box.type)) blankBox(plan, box);
      if (box.type !== 'moov') continue;
      inMovie = true;
      const { list, rest } = await movieChildren(reader, box);
      plan.zero.push({ start: rest, end: box.end });
      for (const child of list) {
        if (!KEEP_MOOV.has(child.type)) blankBox(plan, child);
        if (child.type !== 'trak') continue;
        if (!KEEP_HANDLERS.has((await handlerOf(reader, child)) ?? '')) {
          plan.zero.push(...(await trackChunks(reader, child)));
          blankBox(plan, child);
          continue;
        }
        movie = true;
        for (const part of await childrenOf(reader, child)) if (!KEEP_TRAK.has(part.type)) blankBox(plan, part);
      }
      inMovie = false;
    }
  } catch {
    // What cannot be walked after a whole movie is a trailer, and is not kept; in it or before it, nothing is.
    if (inMovie || !movie || !media) return undefined;
  }
  return movie && media ? plan : undefined;
}

const TAGS = 0x1254c367;
const ATTACHMENTS = 0x1941a469;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
// Tags hold the location, the device and the software; attachments may hold any file (a cover with EXIF).
const DROP_ELEMENTS = new Set([TAGS, ATTACHMENTS]);
// The Segment's own children: in a Cluster of unknown size, the first of these ends it.
const TOP_LEVEL = new Set([CLUSTER, TAGS, ATTACHMENTS, SEEK_HEAD, 0x1549a966, 0x1654ae6b, 0x1c53bb6b, 0x1043a770]);

/** An element becomes an EBML Void of the same total length, holding zeros. */
function voidElement(plan: Plan, start: number, end: number) {
  const length = end - start;
  // A one-byte size holds up to 126; longer voids use the 8-byte form (any element that long has room).
  const header =
    length - 2 <= 126
      ? Buffer.from([0xec, 0x80 | (length - 2)])
      : Buffer.concat([
          Buffer.from([0xec, 0x01]),
          Buffer.from(
            BigInt(length - 9)
              .toString(16)
              .padStart(14, '0'),
            'hex',
          ),
        ]);
  plan.writes.push({ at: start, bytes: header });
  plan.zero.push({ start: start + header.length, end });
}

/** SeekHead entries that point at a dropped element go too, so no player looks for it. */
async function voidDroppedSeeks(reader: Reader, plan: Plan, seekHead: { data: number; end: number }) {
  for (let at = seekHead.data; at < seekHead.end;) {
    const seek = await element(reader, at, seekHead.end);
    if (seek.end === undefined) return;
    if (seek.id === SEEK) {
      for (let inner = seek.data; inner < seek.end;) {
        const field = await element(reader, inner, seek.end);
        if (field.end === undefined) break;
        const isId = field.id === SEEK_ID && field.end - field.data === 4;
        if (isId && DROP_ELEMENTS.has((await reader.read(field.data, 4)).readUInt32BE(0))) {
          voidElement(plan, at, seek.end);
        }
        inner = field.end;
      }
    }
    at = seek.end;
  }
}

/**
 * WebM/Matroska: Tags and Attachments become Void elements of the same size (and the SeekHead's
 * entries for them too), so no position the file states moves. A live recording's Clusters of
 * unknown size are walked block by block; bytes that cannot be walked at the end are left out.
 */
async function planMatroska(reader: Reader): Promise<Plan | undefined> {
  const header = await element(reader, 0, reader.size);
  if (header.end === undefined) return undefined;
  const segment = await element(reader, header.end, reader.size);
  if (segment.id !== SEGMENT) return undefined;
  const segmentEnd = segment.end ?? reader.size;
  const plan: Plan = { from: 0, to: segmentEnd, zero: [], writes: [] };
  let clusters = 0;
  let at = segment.data;
  try {
    for (let count = 0; at < segmentEnd; count++) {
      if (count >= MAX_ITEMS) return undefined;
      const child = await element(reader, at, segmentEnd);
      if (child.end !== undefined) {
        if (DROP_ELEMENTS.has(child.id)) voidElement(plan, at, child.end);
        if (child.id === SEEK_HEAD) await voidDroppedSeeks(reader, plan, { data: child.data, end: child.end });
        clusters += child.id === CLUSTER ? 1 : 0;
        at = child.end;
        continue;
      }
      if (child.id !== CLUSTER) return undefined;
      clusters++;
      at = child.data;
      for (; at < segmentEnd; count++) {
        if (count >= MAX_ITEMS) return undefined;
        const block = await element(reader, at, segmentEnd);
        if (TOP_LEVEL.has(block.id)) break;
        if (block.end === undefined) return undefined;
        at = block.end;
      }
    }
  } catch {
    if (clusters === 0) return undefined;
    plan.to = at;
  }
  return clusters > 0 ? plan : undefined;
}

async function applyPlan(input: string, output: string, plan: Plan) {
  await pipeline(fs.createReadStream(input, { start: plan.from, end: plan.to - 1 }), fs.createWriteStream(output));
  const handle = await fsp.open(output, 'r+');
  try {
    const zeros = Buffer.alloc(64 * 1024);
    for (const { start, end } of plan.zero) {
      for (let at = Math.max(start, plan.from); at < Math.min(end, plan.to); at += zeros.length) {
        await handle.write(zeros, 0, Math.min(zeros.length, Math.min(end, plan.to) - at), at - plan.from);
      }
    }
    for (const { at, bytes } of plan.writes) await handle.write(bytes, 0, bytes.length, at - plan.from);
  } finally {
    await handle.close();
  }
}

/**
 * Writes at `output` the file at `input` without its location and device metadata (PRODUCT.md,
 * "Trust"): what guests are served of an original. No ffmpeg is needed and no sample is decoded or
 * moved: metadata is blanked in place, so a 200 MB clip costs one copy. Answers false when the file
 * cannot be walked (nothing is written then), so the caller never serves what it could not clean.
 */
export async function writeWithoutMetadata(
  input: string,
  output: string,
  container: StrippableContainer,
): Promise<boolean> {
  if (container === 'ogg' || container === 'mp3' || container === 'adts') {
    // Voice notes, a few MB at most (checked before they are stored).
    const bytes = await fsp.readFile(input);
    if (container === 'ogg') {
      const stripped = stripOgg(bytes);
      if (stripped) await fsp.writeFile(output, stripped);
      return stripped !== undefined;
    }
    const frames = framesOnly(bytes, container);
    if (frames) await fsp.writeFile(output, bytes.subarray(frames.from, frames.to));
    return frames !== undefined;
  }
  const reader = await openWindowed(input);
  let plan: Plan | undefined;
  try {
    plan = container === 'iso' ? await planIso(reader) : await planMatroska(reader);
  } catch {
    plan = undefined;
  } finally {
    await reader.close();
  }
  if (plan) await applyPlan(input, output, plan);
  return plan !== undefined;
}
