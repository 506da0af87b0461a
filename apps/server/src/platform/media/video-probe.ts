import { spawn } from 'node:child_process';
import path from 'node:path';
import type { MediaType } from './media-type.js';
import { hasVideoStructure } from './video-structure.js';

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
  disposition?: { attached_pic?: number };
}

/**
 * ffprobe's verdict with the demuxer forced to the sniffed container and only local files allowed,
 * so a crafted file cannot make it open anything else. 'unknown' when ffprobe is missing, crashed,
 * was stopped, or answered what it never answers for a file (its exit codes are 0 and 1).
 */
export function probeVideo(file: string, type: MediaType, options: VideoCheckOptions = {}): Promise<Verdict> {
  const { ffprobePath = 'ffprobe', timeoutMs = 20_000 } = options;
  const args = [
    ...['-v', 'error', '-hide_banner', '-protocol_whitelist', 'file', '-f', type === 'webm' ? 'matroska' : 'mov'],
    ...['-show_entries', 'stream=codec_type:stream_disposition=attached_pic', '-of', 'json', path.resolve(file)],
  ];
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
      resolve('unknown');
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 1) return resolve('not-video');
      if (code !== 0 || size > MAX_OUTPUT_BYTES) return resolve('unknown');
      try {
        const { streams = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { streams?: ProbedStream[] };
        // A cover picture in an audio file is listed as a video stream; it is not a video.
        resolve(
          streams.some((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic)
            ? 'video'
            : 'not-video',
        );
      } catch {
        resolve('unknown');
      }
    });
  });
}

/**
 * Whether a file sniffed as a video really is one: ffprobe finds a video stream in it, or, when
 * ffprobe cannot say (not installed, stopped), its container's structure holds together
 * (video-structure.ts). A header followed by anything else is refused either way.
 */
export async function isPlayableVideo(
  file: string,
  type: MediaType,
  options: VideoCheckOptions = {},
): Promise<boolean> {
  const verdict = await probeVideo(file, type, options);
  if (verdict !== 'unknown') return verdict === 'video';
  return hasVideoStructure(file, type === 'webm' ? 'matroska' : 'iso');
}
