import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAudio } from './audio-probe.js';
import { readAudioStructure } from './audio-structure.js';
import { sniffAudioType, type AudioType } from './audio-type.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => path.join(fixtures, name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const hasFfprobe = (() => {
  try {
    execFileSync('ffprobe', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missing = { ffprobePath: '/nonexistent/ffprobe' };
const VOICES: [string, AudioType][] = [
  ['voice.webm', 'webm'],
  ['voice.ogg', 'ogg'],
  ['voice.m4a', 'm4a'],
  ['voice.aac', 'aac'],
  ['voice.mp3', 'mp3'],
];

/** A real file's first bytes followed by text: what the sniffer alone calls a voice note. */
function fake(name: string, keep: number) {
  const file = path.join(dir, `fake-${name}`);
  fs.writeFileSync(
    file,
    Buffer.concat([fs.readFileSync(fixture(name)).subarray(0, keep), Buffer.alloc(4096, 'hola ')]),
  );
  return file;
}

describe('sniffAudioType', () => {
  it('names each voice note container from its first bytes, and nothing else', () => {
    for (const [name, type] of VOICES) expect(sniffAudioType(fs.readFileSync(fixture(name)))).toBe(type);
    expect(sniffAudioType(fs.readFileSync(fixture('clip.mov')))).toBeUndefined();
    expect(sniffAudioType(fs.readFileSync(fixture('photo.heic')))).toBeUndefined();
    expect(sniffAudioType(Buffer.from('hola, esto no es audio'))).toBeUndefined();
  });
});

describe('readAudioStructure (no ffprobe)', () => {
  it('reads whole containers and the lengths they state', async () => {
    for (const [name, type] of VOICES) {
      const facts = await readAudioStructure(fixture(name), type);
      expect(facts, name).toBeDefined();
      // MediaRecorder's WebM states no length; the others say about two seconds.
      if (type !== 'webm') expect(Math.abs(facts!.durationMs! - 2000), name).toBeLessThan(150);
    }
  });

  it('refuses a real header with text behind it, in every container', async () => {
    for (const [name, type] of VOICES) expect(await readAudioStructure(fake(name, 64), type), name).toBeUndefined();
  });
});

describe('checkAudio', () => {
  it('asks ffprobe: sound passes with its length, a fake or a video does not', async () => {
    // Both outcomes are real: which one depends on whether this machine has ffprobe (Debian's does).
    for (const [name, type] of VOICES) {
      const check = await checkAudio(fixture(name), type);
      expect(check.playable, name).toBe(true);
      // Without ffprobe the live WebM's length is unknown; with it, its packets' timestamps tell it.
      if (hasFfprobe || type !== 'webm') expect(Math.abs(check.durationMs! - 2000), name).toBeLessThan(150);
    }
    expect((await checkAudio(fake('voice.webm', 64), 'webm')).playable).toBe(false);
    // ffprobe alone reads this one's length from its first frame and calls it sound.
    expect((await checkAudio(fake('voice.mp3', 600), 'mp3')).playable).toBe(false);
    // A clip's picture track: only ffprobe sees it (the structure check reads no codecs).
    expect((await checkAudio(fixture('clip.webm'), 'webm')).playable).toBe(!hasFfprobe);
  });

  it('decides by structure when ffprobe is missing', async () => {
    for (const [name, type] of VOICES)
      expect((await checkAudio(fixture(name), type, missing)).playable, name).toBe(true);
    expect(await checkAudio(fake('voice.webm', 64), 'webm', missing)).toEqual({ playable: false });
    expect(await checkAudio(fake('voice.ogg', 64), 'ogg', missing)).toEqual({ playable: false });
  });
});
