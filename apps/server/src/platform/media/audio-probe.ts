import path from 'node:path';
import { readAudioStructure } from './audio-structure.js';
import { AUDIO_DEMUXER, type AudioType } from './audio-type.js';
import { runFfprobe } from './video-probe.js';

export interface AudioCheckOptions {
  /** The ffprobe program; a name is looked up on PATH. */
  ffprobePath?: string;
  /** ffprobe is stopped after this long. */
  timeoutMs?: number;
  /** When the container states no length, packets are read this far to measure it (past any limit worth checking). */
  scanSeconds?: number;
}

export interface AudioCheck {
  /** Whether the file holds sound and nothing else: an audio stream, no video. */
  playable: boolean;
  /** Its length, when ffprobe or the container could tell. */
  durationMs?: number;
}

interface Probed {
  streams?: Array<{ codec_type?: string; disposition?: { attached_pic?: number } }>;
  format?: { duration?: string };
}

const commonArgs = (type: AudioType) => [
  ...['-v', 'error', '-hide_banner', '-protocol_whitelist', 'file', '-f', AUDIO_DEMUXER[type]],
];

/** ffprobe's reading: 'unknown' when it is missing, crashed or was stopped. */
async function inspectAudio(file: string, type: AudioType, ffprobePath: string, timeoutMs: number) {
  const entries = 'stream=codec_type:stream_disposition=attached_pic:format=duration';
  const args = [...commonArgs(type), '-show_entries', entries, '-of', 'json', path.resolve(file)];
  const { code, output } = await runFfprobe(ffprobePath, args, timeoutMs);
  if (code === 1) return { verdict: 'not-audio' as const };
  if (code !== 0 || output === undefined) return { verdict: 'unknown' as const };
  let probed: Probed;
  try {
    probed = JSON.parse(output) as Probed;
  } catch {
    return { verdict: 'unknown' as const };
  }
  const streams = probed.streams ?? [];
  // A cover picture in an audio file is listed as a video stream; a real picture track is a video.
  const hasVideo = streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  if (hasVideo || !streams.some((stream) => stream.codec_type === 'audio')) return { verdict: 'not-audio' as const };
  const seconds = Number(probed.format?.duration);
  return { verdict: 'audio' as const, durationMs: seconds > 0 ? Math.round(seconds * 1000) : undefined };
}

/**
 * The span of the first audio stream's packets within the first `scanSeconds`: the length of a
 * recording whose container does not state it (MediaRecorder's WebM is written live, without one).
 * Reading stops past `scanSeconds`, so a long file costs no more than a file just over the limit.
 */
async function packetSpanMs(file: string, type: AudioType, options: Required<AudioCheckOptions>) {
  const args = [
    ...commonArgs(type),
    ...['-select_streams', 'a:0', '-read_intervals', `%+${options.scanSeconds}`],
    ...['-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path.resolve(file)],
  ];
  const { code, output } = await runFfprobe(options.ffprobePath, args, options.timeoutMs);
  if (code !== 0 || output === undefined) return undefined;
  let first = Infinity;
  let last = -Infinity;
  for (const line of output.split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (pts === undefined || !Number.isFinite(pts)) continue;
    first = Math.min(first, pts);
    last = Math.max(last, pts + (Number.isFinite(duration) ? duration! : 0));
  }
  return last > first ? Math.round((last - first) * 1000) : undefined;
}

/**
 * Whether a file sniffed as a voice note really is one, and how long it lasts. ffprobe must find an
 * audio stream and no video; Ogg, raw AAC and MP3 must also walk whole page by page or frame by
 * frame (ffprobe accepts an MP3 header followed by text, reading its length from the header). When
 * ffprobe cannot say (not installed, stopped), the container's structure alone decides
 * (audio-structure.ts).
 */
export async function checkAudio(file: string, type: AudioType, options: AudioCheckOptions = {}): Promise<AudioCheck> {
  const settings = { ffprobePath: 'ffprobe', timeoutMs: 20_000, scanSeconds: 120, ...options };
  const facts = await inspectAudio(file, type, settings.ffprobePath, settings.timeoutMs);
  if (facts.verdict === 'not-audio') return { playable: false };
  const walked = type === 'webm' || type === 'm4a' ? facts.verdict === 'unknown' : true;
  const structure = walked ? await readAudioStructure(file, type) : undefined;
  if (walked && !structure) return { playable: false };
  if (facts.verdict === 'unknown') return { playable: true, durationMs: structure?.durationMs };
  const durationMs = facts.durationMs ?? structure?.durationMs ?? (await packetSpanMs(file, type, settings));
  return { playable: true, durationMs };
}
