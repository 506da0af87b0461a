import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { PlaybackFailure } from '@momentos/contract';

/** Why no playback copy was made; `reason` is what the host is told (contract ZPlaybackFailure). */
export class TranscodeError extends Error {
  constructor(
    readonly reason: PlaybackFailure,
    message: string,
  ) {
    super(message);
  }
}

/** ffmpeg's bounds and the switch that stops it. */
export interface FfmpegRun {
  ffmpegPath?: string;
  /** ffmpeg is killed past this. */
  timeoutMs: number;
  /** ffmpeg's address space is capped at this (where util-linux's prlimit is installed). */
  memoryBytes: number;
  /** Aborting kills ffmpeg (the job's lease was lost, or the worker is stopping). */
  signal?: AbortSignal;
}

export interface TranscodeOptions extends FfmpegRun {
  /** The copy's shorter side at most (720 or 1080); never scaled up. */
  maxShortSide: number;
}

/**
 * The one ffmpeg command that makes a playback copy, also run bare by the benchmark: H.264 High
 * and AAC in MP4 with the index first (`+faststart`, so a phone starts playing before the end
 * arrives), the phone's rotation applied (ffmpeg rotates while decoding), the shorter side at most
 * `maxShortSide` and the longer at most 16/9 of it, at most 60 frames a second (slow-motion clips
 * are recorded at 240), 8-bit 4:2:0 (what every phone decodes), and no metadata: the guests' copy
 * carries no location, the host's original keeps it.
 */
export function playbackArgs(input: string, output: string, maxShortSide: number): string[] {
  const long = Math.round((maxShortSide * 16) / 9);
  const box = `w='if(gte(iw,ih),min(iw,${long}),min(iw,${maxShortSide}))':h='if(gte(iw,ih),min(ih,${maxShortSide}),min(ih,${long}))'`;
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'],
    ...['-vf', `scale=${box}:force_original_aspect_ratio=decrease:force_divisible_by=2`, '-fpsmax', '60'],
    ...['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

const exists = (file: string) => fs.existsSync(file);
const PRLIMIT = '/usr/bin/prlimit';
const SETPRIV = '/usr/bin/setpriv';

/**
 * ffmpeg inside its bounds: util-linux's `prlimit` caps its address space, and `setpriv
 * --pdeathsig` kills it if this process dies (a killed server must not leave an ffmpeg running on).
 * Where they are missing (not Linux) ffmpeg runs bare, still under the time bound.
 */
export function boundedCommand(ffmpegPath: string, args: string[], memoryBytes: number) {
  const wrappers = [
    ...(exists(PRLIMIT) ? [PRLIMIT, `--as=${memoryBytes}`] : []),
    ...(exists(SETPRIV) ? [SETPRIV, '--pdeathsig', 'KILL'] : []),
  ];
  const [command = ffmpegPath, ...rest] = [...wrappers, ffmpegPath, ...args];
  return { command, args: rest };
}

function reasonFrom(stderr: string): PlaybackFailure {
  if (
    /cannot allocate memory|out of memory|bad_alloc|failed to allocate|malloc of size \d+ failed|failed to map segment/i.test(
      stderr,
    )
  )
    return 'out-of-memory';
  if (
    /invalid data found|could not find codec|decoder .* not found|moov atom not found|error while decoding/i.test(
      stderr,
    )
  )
    return 'unreadable';
  return 'failed';
}

let ffmpegCheck: Map<string, Promise<boolean>> | undefined;

/** Whether `ffmpegPath` runs here (asked once per program and process). */
export function hasFfmpeg(ffmpegPath = 'ffmpeg'): Promise<boolean> {
  ffmpegCheck ??= new Map();
  let check = ffmpegCheck.get(ffmpegPath);
  if (!check) {
    check = new Promise((resolve) => {
      const child = spawn(ffmpegPath, ['-hide_banner', '-version'], { stdio: 'ignore' });
      child.on('error', () => resolve(false));
      child.on('close', (code) => resolve(code === 0));
    });
    ffmpegCheck.set(ffmpegPath, check);
  }
  return check;
}

/** Runs ffmpeg with `args` inside its bounds (boundedCommand); rejects with a TranscodeError saying why it failed. */
export async function runFfmpeg(args: string[], options: FfmpegRun): Promise<void> {
  const { ffmpegPath = 'ffmpeg', timeoutMs, memoryBytes, signal } = options;
  if (!(await hasFfmpeg(ffmpegPath))) throw new TranscodeError('no-ffmpeg', `${ffmpegPath} is not installed`);
  signal?.throwIfAborted();
  const bounded = boundedCommand(ffmpegPath, args, memoryBytes);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(bounded.command, bounded.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });
    // The last few kilobytes say why it failed; a noisy file must not fill the memory.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    const settle = (error?: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', (error) => settle(new TranscodeError('failed', `could not start ffmpeg: ${error.message}`)));
    child.on('close', (code, killedBy) => {
      if (code === 0) return settle();
      if (signal?.aborted) return settle(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (timedOut) return settle(new TranscodeError('timed-out', `ffmpeg ran past ${timeoutMs} ms`));
      const detail = stderr.trim().split('\n').slice(-3).join(' | ');
      settle(new TranscodeError(reasonFrom(stderr), `ffmpeg exited with ${code ?? killedBy}: ${detail}`));
    });
  });
}

/** Makes the playback copy of `input` at `output` (see playbackArgs); rejects with a TranscodeError. */
export function transcodeForPlayback(input: string, output: string, options: TranscodeOptions): Promise<void> {
  return runFfmpeg(playbackArgs(input, output, options.maxShortSide), options);
}
