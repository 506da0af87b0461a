// WebM and Matroska without their metadata (strip-metadata.ts): the plan of what to void.

import type { Plan } from './metadata-plan.js';
import { CLUSTER, element, MAX_ITEMS, SEGMENT, type Reader } from './video-structure.js';

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
export async function planMatroska(reader: Reader): Promise<Plan | undefined> {
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
