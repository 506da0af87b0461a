import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ffprobeBeside, isPlayableVideo, probeVideo } from './video-probe.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const hasFfprobe = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** An MP4's real ftyp box followed by 4 KB of text: what the sniffer alone calls a video. */
const fakeMp4 = path.join(dir, 'fake.mp4');
fs.writeFileSync(
  fakeMp4,
  Buffer.concat([fs.readFileSync(path.join(fixtures, 'clip.mp4')).subarray(0, 32), Buffer.alloc(4096, 'not a video ')]),
);
const missing = { ffprobePath: '/nonexistent/ffprobe' };

describe('ffprobeBeside', () => {
  it('finds ffprobe where the configured ffmpeg is', () => {
    expect(ffprobeBeside('ffmpeg')).toBe('ffprobe');
    expect(ffprobeBeside('/usr/bin/ffmpeg')).toBe('/usr/bin/ffprobe');
    expect(ffprobeBeside('./bin/ffmpeg-6')).toBe('./bin/ffprobe-6');
    expect(ffprobeBeside('/opt/ffmpeg/bin/ffmpeg')).toBe('/opt/ffmpeg/bin/ffprobe');
    expect(ffprobeBeside('/opt/tools/avconv')).toBe('/opt/tools/ffprobe');
  });
});

describe('probeVideo and isPlayableVideo', () => {
  it('asks ffprobe: the clips hold a video stream, a header with text behind it does not', async () => {
    // Both outcomes are real: which one depends on whether this machine has ffprobe (Debian's does).
    const [video, notVideo] = hasFfprobe ? ['video', 'not-video'] : ['unknown', 'unknown'];
    expect(await probeVideo(path.join(fixtures, 'clip.mp4'), 'mp4')).toBe(video);
    expect(await probeVideo(path.join(fixtures, 'clip.mov'), 'mov')).toBe(video);
    expect(await probeVideo(path.join(fixtures, 'clip.webm'), 'webm')).toBe(video);
    expect(await probeVideo(fakeMp4, 'mp4')).toBe(notVideo);
    // The demuxer is the sniffed one: an MP4 is not read as WebM.
    expect(await probeVideo(path.join(fixtures, 'clip.mp4'), 'webm')).toBe(notVideo);
  });

  it('cannot tell without ffprobe, or when ffprobe is stopped, and then judges by the structure', async () => {
    expect(await probeVideo(fakeMp4, 'mp4', missing)).toBe('unknown');
    expect(await probeVideo(fakeMp4, 'mp4', { timeoutMs: 1 })).toBe('unknown');
    for (const options of [missing, { timeoutMs: 1 }]) {
      expect(await isPlayableVideo(path.join(fixtures, 'clip.mp4'), 'mp4', options)).toBe(true);
      expect(await isPlayableVideo(path.join(fixtures, 'clip.webm'), 'webm', options)).toBe(true);
      expect(await isPlayableVideo(fakeMp4, 'mp4', options)).toBe(false);
    }
  });
});
