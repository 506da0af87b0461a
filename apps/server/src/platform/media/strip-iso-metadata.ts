// MP4, QuickTime and M4A without their metadata (strip-metadata.ts): the plan of what to blank.

import type { Plan } from './metadata-plan.js';
import { boxes, type Box, type Reader } from './video-structure.js';

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
export async function planIso(reader: Reader): Promise<Plan | undefined> {
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
