import fsp from 'node:fs/promises';
import { isAdtsFrameStart, isMp3FrameStart, type AudioType } from './audio-type.js';
import { readVideoStructure } from './video-structure.js';

/** What the container says of a voice note's length, where it says it. */
export interface AudioStructureFacts {
  durationMs?: number;
}

const ms = (samples: number, rate: number) => (rate > 0 ? Math.round((samples / rate) * 1000) : undefined);

/** Ogg: pages that tile the file exactly, the first holding an Opus or Vorbis header; the last granule gives the length. */
function readOgg(bytes: Buffer): AudioStructureFacts | undefined {
  let at = 0;
  let lastGranule = 0n;
  while (at < bytes.length) {
    if (at + 27 > bytes.length || bytes.toString('latin1', at, at + 4) !== 'OggS') return undefined;
    const segments = bytes[at + 26]!;
    if (at + 27 + segments > bytes.length) return undefined;
    let size = 27 + segments;
    for (let index = 0; index < segments; index++) size += bytes[at + 27 + index]!;
    const granule = bytes.readBigInt64LE(at + 6);
    if (granule > 0n) lastGranule = granule;
    at += size;
  }
  if (at !== bytes.length) return undefined;
  const firstPacket = 27 + bytes[26]!;
  if (bytes.toString('latin1', firstPacket, firstPacket + 8) === 'OpusHead') {
    const preSkip = bytes.readUInt16LE(firstPacket + 10);
    return { durationMs: ms(Number(lastGranule) - preSkip, 48_000) };
  }
  if (bytes.toString('latin1', firstPacket, firstPacket + 7) === '\u0001vorbis') {
    return { durationMs: ms(Number(lastGranule), bytes.readUInt32LE(firstPacket + 12)) };
  }
  return undefined;
}

const ADTS_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** Raw AAC: ADTS frames, each saying its own length, from the first byte to the last. */
function readAdts(bytes: Buffer): AudioStructureFacts | undefined {
  let at = 0;
  let samples = 0;
  const rate = ADTS_RATES[(bytes[2]! >> 2) & 0x0f] ?? 0;
  while (at < bytes.length) {
    const length = adtsFrameLength(bytes, at);
    if (!length) return undefined;
    samples += 1024 * ((bytes[at + 6]! & 0x03) + 1);
    at += length;
  }
  return at === bytes.length && rate ? { durationMs: ms(samples, rate) } : undefined;
}

const MP3_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The MPEG audio frame at `at`: its length in bytes and in seconds; undefined when none starts there. */
export function mp3Frame(bytes: Buffer, at: number): { length: number; seconds: number } | undefined {
  if (at + 4 > bytes.length || !isMp3FrameStart(bytes, at)) return undefined;
  const version = (bytes[at + 1]! >> 3) & 0x03;
  const kbps = (version === 3 ? MP3_KBPS.v1 : MP3_KBPS.v2)[bytes[at + 2]! >> 4];
  const rate = MP3_RATES[version]?.[(bytes[at + 2]! >> 2) & 0x03];
  if (!kbps || !rate) return undefined;
  const padding = (bytes[at + 2]! >> 1) & 0x01;
  const length = Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / rate) + padding;
  return { length, seconds: (version === 3 ? 1152 : 576) / rate };
}

/** Where the audio starts: past any ID3v2 tags at the front (a tag's footer included). */
export function id3v2End(bytes: Buffer): number {
  let at = 0;
  while (bytes.length >= at + 10 && bytes.toString('latin1', at, at + 3) === 'ID3') {
    const size =
      ((bytes[at + 6]! & 0x7f) << 21) |
      ((bytes[at + 7]! & 0x7f) << 14) |
      ((bytes[at + 8]! & 0x7f) << 7) |
      (bytes[at + 9]! & 0x7f);
    at += 10 + size + (bytes[at + 5]! & 0x10 ? 10 : 0);
  }
  return at;
}

/** MP3: an optional ID3v2 tag, then layer III frames to the end (an ID3v1 tag may close the file). */
function readMp3(bytes: Buffer): AudioStructureFacts | undefined {
  let at = id3v2End(bytes);
  const end =
    bytes.toString('latin1', bytes.length - 128, bytes.length - 125) === 'TAG' ? bytes.length - 128 : bytes.length;
  let seconds = 0;
  let frames = 0;
  while (at < end) {
    const frame = at + 4 <= end ? mp3Frame(bytes, at) : undefined;
    if (!frame) return undefined;
    at += frame.length;
    seconds += frame.seconds;
    frames++;
  }
  return at === end && frames > 0 ? { durationMs: Math.round(seconds * 1000) } : undefined;
}

/** The length of the ADTS frame at `at` (at least its 7-byte header); undefined when none starts there. */
export function adtsFrameLength(bytes: Buffer, at: number): number | undefined {
  if (at + 7 > bytes.length || !isAdtsFrameStart(bytes, at)) return undefined;
  const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  return length < 7 ? undefined : length;
}

/**
 * Whether a voice note's container is whole, judged from its structure alone: what decides when
 * ffprobe is not installed. WebM and MP4 go through the video structure reader (a Cluster; an
 * `mdat` and a `trak`); Ogg, raw AAC and MP3 are walked page by page or frame by frame, so a header
 * with anything else behind it fails. The file is read whole: voice notes are at most a few MB,
 * checked before this runs. Answers the length the container states, or undefined when not whole.
 */
export async function readAudioStructure(file: string, type: AudioType): Promise<AudioStructureFacts | undefined> {
  if (type === 'webm' || type === 'm4a') {
    const facts = await readVideoStructure(file, type === 'webm' ? 'matroska' : 'iso');
    return facts && { durationMs: facts.durationMs };
  }
  const bytes = await fsp.readFile(file);
  try {
    if (type === 'ogg') return readOgg(bytes);
    return type === 'aac' ? readAdts(bytes) : readMp3(bytes);
  } catch {
    // A length field pointing past the end (readBigInt64LE and friends throw).
    return undefined;
  }
}
