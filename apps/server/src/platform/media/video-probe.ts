import { spawn } from 'node:child_process';
import path from 'node:path';
import type { MediaType } from './media-type.js';
import { readVideoStructure } from './video-structure.js';

export interface VideoCheckOptions {
  /** The ffprobe program; a name is looked up on PATH. */
  ffprobePath?: string;
  /** ffprobe is stopped after this long (a hostile file must not hold a processing slot). */
  timeoutMs?: number;
}

/** ffprobe's answer for the few fields asked is a few hundred bytes; more means something is wrong. */
const MAX_OUTPUT_BYTES = 256 * 1024;

/** The ffprobe that ships beside an ffmpeg (Debian's /usr/bin/ffmpeg → /usr/bin/ffprobe; a bare name stays a bare name). */
export function ffprobeBeside(ffmpegPath: string): string {
  const name = path.basename(ffmpegPath);
  const probe = name.includes('ffmpeg') ? name.replace(/ffmpeg(?!.*ffmpeg)/, 'ffprobe') : 'ffprobe';
  return ffmpegPath.slice(0, ffmpegPath.length - name.length) + probe;
}

type Verdict = 'video' | 'not-video' | 'unknown';
interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  disposition?: { attached_pic?: number };
}

/** What ffprobe says of a clip: whether it holds a video, and its first video stream's facts. */
export interface VideoFacts {
  verdict: Verdict;
  /** The whole file's length, when ffprobe could tell. */
  durationMs?: number;
  /** The first video stream's codec (`h264`, `hevc`, `vp9`…) and coded size (before rotation). */
  codec?: string;
  width?: number;
  height?: number;
  /** When the clip was recorded (the container's `creation_time`), if it said and it is plausible. */
  takenAt?: Date;
}

/** A camera's `creation_time` (ISO 8601, UTC); an unset clock writes 1904 or 1970, which orders nothing. */
function recordedAt(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1980 ? undefined : date;
}

function factsFrom(output: string): VideoFacts {
  const parsed = JSON.parse(output) as {
    streams?: ProbedStream[];
    format?: { duration?: string; tags?: { creation_time?: string } };
  };
  // A cover picture in an audio file is listed as a video stream; it is not a video.
  const video = (parsed.streams ?? []).find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  if (!video) return { verdict: 'not-video' };
  const seconds = Number(parsed.format?.duration);
  return {
    verdict: 'video',
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : undefined,
    codec: video.codec_name,
    width: video.width,
    height: video.height,
    takenAt: recordedAt(parsed.format?.tags?.creation_time),
  };
}

/**
 * ffprobe's reading with the demuxer forced to the sniffed container (or, for a file the server
 * wrote itself, guessed) and only local files allowed, so a crafted file cannot make it open
 * anything else. 'unknown' when ffprobe is missing, crashed, was stopped, or answered what it never
 * answers for a file (its exit codes are 0 and 1).
 */
export function inspectVideo(
  file: string,
  type: MediaType | undefined,
  options: VideoCheckOptions = {},
): Promise<VideoFacts> {
  const { ffprobePath = 'ffprobe', timeoutMs = 20_000 } = options;
  const demuxer = type === undefined ? [] : ['-f', type === 'webm' ? 'matroska' : 'mov'];
  const entries =
    'stream=codec_type,codec_name,width,height:stream_disposition=attached_pic:format=duration:format_tags=creation_time';
  const args = [
    ...['-v', 'error', '-hide_banner', '-protocol_whitelist', 'file', ...demuxer],
    ...['-show_entries', entries, '-of', 'json', path.resolve(file)],
  ];
  return runFfprobe(ffprobePath, args, timeoutMs).then(({ code, output }): VideoFacts => {
    if (code === 1) return { verdict: 'not-video' };
    if (code !== 0 || output === undefined) return { verdict: 'unknown' };
    try {
      return factsFrom(output);
    } catch {
      return { verdict: 'unknown' };
    }
  });
}

/**
 * Runs ffprobe without a shell and answers its exit code (null: missing, crashed or stopped) and its
 * output (undefined past MAX_OUTPUT_BYTES). It is killed after `timeoutMs`, so a hostile file cannot
 * hold a processing slot.
 */
export function runFfprobe(
  ffprobePath: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; output: string | undefined }> {
  return new Promise((resolve) => {
    const child = spawn(ffprobePath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ code: null, output: undefined });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const whole = size <= MAX_OUTPUT_BYTES;
      resolve({ code: whole ? code : null, output: whole ? Buffer.concat(chunks).toString('utf8') : undefined });
    });
  });
}

/** ffprobe's verdict alone (see inspectVideo). */
export async function probeVideo(file: string, type: MediaType, options: VideoCheckOptions = {}): Promise<Verdict> {
  return (await inspectVideo(file, type, options)).verdict;
}

/**
 * Whether a file sniffed as a video really is one, and what was read of it: ffprobe finds a video
 * stream in it, or, when ffprobe cannot say (not installed, stopped), its container's structure
 * holds together (video-structure.ts, which also reads an MP4's or QuickTime's length and size). A
 * header followed by anything else is refused either way.
 */
export async function checkVideo(
  file: string,
  type: MediaType,
  options: VideoCheckOptions = {},
): Promise<{ playable: boolean; facts?: VideoFacts }> {
  const facts = await inspectVideo(file, type, options);
  if (facts.verdict !== 'unknown') return { playable: facts.verdict === 'video', facts };
  const structure = await readVideoStructure(file, type === 'webm' ? 'matroska' : 'iso');
  return structure ? { playable: true, facts: { verdict: 'unknown', ...structure } } : { playable: false };
}

/** Whether a file sniffed as a video really is one (see checkVideo). */
export async function isPlayableVideo(
  file: string,
  type: MediaType,
  options: VideoCheckOptions = {},
): Promise<boolean> {
  return (await checkVideo(file, type, options)).playable;
}
