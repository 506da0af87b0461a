// Voice notes' metadata (strip-metadata.ts): Ogg comments emptied in place, MP3 and raw AAC cut to their frames.

import { adtsFrameLength, id3v2End, mp3Frame } from './audio-structure.js';

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, unreflected, over the page with its field zeroed. */
const OGG_CRC = Array.from({ length: 256 }, (_, index) => {
  let value = index << 24;
  for (let bit = 0; bit < 8; bit++) value = value & 0x80000000 ? (value << 1) ^ 0x04c11db7 : value << 1;
  return value >>> 0;
});
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const [index, byte] of page.entries()) {
    crc = ((crc << 8) ^ OGG_CRC[((crc >>> 24) ^ (index >= 22 && index < 26 ? 0 : byte)) & 0xff]!) >>> 0;
  }
  return crc;
}

/** A comment header's comments (Vorbis or Opus) are emptied in place: the count becomes 0, the rest zeros. */
function emptyComments(packet: Buffer): boolean {
  const vorbis = packet.toString('latin1', 0, 7) === '\u0003vorbis';
  if (!vorbis && packet.toString('latin1', 0, 8) !== 'OpusTags') return false;
  const count = (vorbis ? 7 : 8) + 4 + packet.readUInt32LE(vorbis ? 7 : 8);
  if (count + 4 > packet.length) throw new Error('comment header past its packet');
  packet.fill(0, count);
  // Vorbis ends the header with a framing bit, read right after the (now empty) list.
  if (vorbis && count + 4 < packet.length) packet[count + 4] = 1;
  return true;
}

/**
 * Ogg (Opus or Vorbis): each stream's comment header keeps its size but loses its comments (the
 * vendor string, the encoder library, stays), and the pages it spans get their checksums again.
 */
export function stripOgg(bytes: Buffer): Buffer | undefined {
  const out = Buffer.from(bytes);
  const packets = new Map<number, { spans: { at: number; length: number }[]; pages: number[]; index: number }>();
  const pages: { at: number; end: number }[] = [];
  const touched = new Set<number>();
  for (let at = 0; at < out.length;) {
    if (at + 27 > out.length || out.toString('latin1', at, at + 4) !== 'OggS') return undefined;
    const segments = out[at + 26]!;
    const serial = out.readUInt32LE(at + 14);
    const page = pages.length;
    let body = at + 27 + segments;
    if (body > out.length) return undefined;
    for (let index = 0; index < segments; index++) {
      const lace = out[at + 27 + index]!;
      const packet = packets.get(serial) ?? { spans: [], pages: [], index: 0 };
      packets.set(serial, packet);
      // The comment header is each stream's second packet; later ones are sound.
      if (packet.index === 1) {
        packet.spans.push({ at: body, length: lace });
        packet.pages.push(page);
      }
      body += lace;
      if (lace === 255) continue;
      if (packet.index === 1) {
        if (body > out.length) return undefined;
        const whole = Buffer.concat(packet.spans.map((span) => out.subarray(span.at, span.at + span.length)));
        if (emptyComments(whole)) {
          let offset = 0;
          for (const span of packet.spans) offset += whole.copy(out, span.at, offset, offset + span.length);
          for (const spanned of packet.pages) touched.add(spanned);
        }
      }
      packet.index++;
    }
    if (body > out.length) return undefined;
    pages.push({ at, end: body });
    at = body;
  }
  for (const index of touched) {
    const page = pages[index]!;
    out.writeUInt32LE(oggCrc(out.subarray(page.at, page.end)), page.at + 22);
  }
  return out;
}

/** MP3 without its ID3 and APE tags (what follows the last frame), raw AAC without anything around its frames. */
export function framesOnly(bytes: Buffer, container: 'mp3' | 'adts'): { from: number; to: number } | undefined {
  const from = id3v2End(bytes);
  let at = from;
  for (;;) {
    const length = container === 'mp3' ? mp3Frame(bytes, at)?.length : adtsFrameLength(bytes, at);
    if (!length || at + length > bytes.length) break;
    at += length;
  }
  return at > from ? { from, to: at } : undefined;
}
