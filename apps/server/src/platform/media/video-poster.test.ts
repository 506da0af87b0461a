import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeVideoPoster } from './video-poster.js';

const clip = path.resolve(import.meta.dirname, '../../../test/fixtures/clip.mp4');
const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('makeVideoPoster', () => {
  it('falls back to a neutral 16:9 poster when ffmpeg is missing', async () => {
    const poster = await makeVideoPoster(clip, { ffmpegPath: '/nonexistent/ffmpeg' });
    expect(poster.fromVideo).toBe(false);
    expect(await sharp(poster.image).metadata()).toMatchObject({ width: 1280, height: 720 });
  });

  it('grabs a real frame with ffmpeg when it is installed, and falls back for a file it cannot read', async () => {
    const poster = await makeVideoPoster(clip);
    // Both outcomes are real: which one depends on whether this machine has ffmpeg.
    expect(poster.fromVideo).toBe(hasFfmpeg);
    expect(await sharp(poster.image).metadata()).toMatchObject(
      hasFfmpeg ? { format: 'jpeg', width: 160, height: 120 } : { width: 1280 },
    );
    expect((await makeVideoPoster(path.resolve(import.meta.dirname, 'video-poster.ts'))).fromVideo).toBe(false);
  });
});
