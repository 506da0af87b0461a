import { VOICE_NOTE_TYPES, type VoiceNoteType } from '@momentos/contract';
import fsp from 'node:fs/promises';
import { SNIFF_BYTES, sniffMediaType } from './media-type.js';

export type AudioType = VoiceNoteType;
export const AUDIO: Readonly<Record<AudioType, { mime: string; ext: string }>> = VOICE_NOTE_TYPES;

/** The type of a stored voice note from the MIME type it was stored with (`AUDIO[type].mime`). */
export const audioTypeOfMime = (mime: string | null): AudioType | undefined =>
  (Object.keys(AUDIO) as AudioType[]).find((type) => AUDIO[type].mime === mime);

/** ffprobe's demuxer for each type, forced so a crafted file cannot pick another. */
export const AUDIO_DEMUXER: Readonly<Record<AudioType, string>> = {
  webm: 'matroska',
  ogg: 'ogg',
  m4a: 'mov',
  aac: 'aac',
  mp3: 'mp3',
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
// iTunes audio brands; other audio MP4s (Safari's MediaRecorder) carry the ordinary MP4 brands.
const M4A_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ']);

/** An MPEG audio frame header: 11 sync bits, then a version that exists and layer III (MP3). */
export const isMp3FrameStart = (bytes: Buffer, at = 0) =>
  bytes[at] === 0xff &&
  ((bytes[at + 1] ?? 0) & 0xe0) === 0xe0 &&
  ((bytes[at + 1] ?? 0) & 0x18) !== 0x08 &&
  ((bytes[at + 1] ?? 0) & 0x06) === 0x02;
/** An ADTS (raw AAC) frame header: 12 sync bits and layer 00. */
export const isAdtsFrameStart = (bytes: Buffer, at = 0) => bytes[at] === 0xff && ((bytes[at + 1] ?? 0) & 0xf6) === 0xf0;

/**
 * A voice note's type from its first bytes (its name and declared type are not trusted): WebM (what
 * MediaRecorder writes in Chrome and Firefox), MP4/M4A (Safari's MediaRecorder, phones' recorders),
 * Ogg, raw AAC and MP3. Anything else, a video container included, is undefined; whether the bytes
 * behind the header are sound is for audio-probe.ts.
 */
export function sniffAudioType(bytes: Buffer): AudioType | undefined {
  const media = sniffMediaType(bytes);
  if (media === 'webm') return 'webm';
  if (media === 'mp4') return 'm4a';
  if (media) return undefined;
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && M4A_BRANDS.has(ascii(bytes, 8, 12))) return 'm4a';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 3) === 'ID3' || isMp3FrameStart(bytes)) return 'mp3';
  if (isAdtsFrameStart(bytes)) return 'aac';
  return undefined;
}

/** The type of a voice note already on disk (received in full), from its first bytes. */
export async function sniffAudioFile(file: string): Promise<AudioType | undefined> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return sniffAudioType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
