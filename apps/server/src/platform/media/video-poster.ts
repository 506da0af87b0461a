import { spawn } from 'node:child_process';
import { loadSharp } from '../images/load-sharp.js';

export interface VideoPosterOptions {
  /** The ffmpeg program; a name is looked up on PATH. */
  ffmpegPath?: string;
  /** The frame grab is stopped after this long (a hostile or huge file must not hold a slot). */
  timeoutMs?: number;
}

/** Frame grabs larger than this are not accepted from ffmpeg (a 4K JPEG is a few MB). */
const MAX_POSTER_BYTES = 20 * 1024 * 1024;

/**
 * A still for a video's thumbnail and display renditions: a frame one second in (or the first,
 * for shorter clips) grabbed by ffmpeg when it is installed; otherwise, or when ffmpeg fails,
 * a neutral dark 16:9 image with a play mark, so the grid always has something to show.
 * `fromVideo` tells which one it is.
 */
export async function makeVideoPoster(
  videoPath: string,
  options: VideoPosterOptions = {},
): Promise<{ image: Buffer; fromVideo: boolean }> {
  const frame =
    (await grabFrame(videoPath, '1', options).catch(() => undefined)) ??
    (await grabFrame(videoPath, '0', options).catch(() => undefined));
  if (frame) return { image: frame, fromVideo: true };
  return { image: await placeholderPoster(), fromVideo: false };
}

function grabFrame(
  videoPath: string,
  at: string,
  { ffmpegPath = 'ffmpeg', timeoutMs = 20_000 }: VideoPosterOptions,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-ss',
        at,
        '-i',
        videoPath,
        '-frames:v',
        '1',
        '-an',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        '-q:v',
        '3',
        'pipe:1',
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_POSTER_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size > 0 && size <= MAX_POSTER_BYTES ? Buffer.concat(chunks) : undefined);
    });
  });
}

let placeholder: Promise<Buffer> | undefined;

/** A dark grey 1280×720 image with a light play triangle, made once per process. */
export function placeholderPoster(): Promise<Buffer> {
  placeholder ??= loadSharp().then((sharp) =>
    sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2b2b30' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><circle cx="640" cy="360" r="110" fill="#ffffff" fill-opacity="0.18"/>' +
              '<path d="M605 295 L605 425 L715 360 Z" fill="#ffffff" fill-opacity="0.85"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer(),
  );
  return placeholder;
}
