import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeWithoutMetadata, type StrippableContainer } from './strip-metadata.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strip-metadata-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);
const LOCATION = '+40.6892-074.0445/';
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const sound = ['-f', 'lavfi', '-i', 'sine=frequency=523:duration=2:sample_rate=16000'];
const picture = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=2'];

/** Strips `name` into `clean-<name>`; answers whether it could, the bytes, and what ffmpeg says decoding them. */
async function strip(name: string, container: StrippableContainer) {
  const output = file(`clean-${name}`);
  const done = await writeWithoutMetadata(file(name), output, container);
  if (!done) return { done, exists: fs.existsSync(output) };
  const decoded = spawnSync('ffmpeg', ['-v', 'error', '-i', output, '-f', 'null', '-'], { encoding: 'utf8' });
  return { done, bytes: fs.readFileSync(output), errors: decoded.stderr.trim(), status: decoded.status };
}

describe('writeWithoutMetadata', () => {
  it('zeroes the samples of a text track that carries the place (a dashcam’s), and keeps the movie playable', async () => {
    fs.writeFileSync(file('place.srt'), `1\n00:00:00,000 --> 00:00:02,000\nGPS ${LOCATION}\n`);
    ffmpeg(
      ...picture,
      '-i',
      file('place.srt'),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:s',
      'mov_text',
      file('dashcam.mp4'),
    );
    expect(fs.readFileSync(file('dashcam.mp4')).includes(LOCATION)).toBe(true);
    const clean = await strip('dashcam.mp4', 'iso');
    expect(clean).toMatchObject({ done: true, errors: '', status: 0 });
    expect(clean.bytes!.includes('40.6892')).toBe(false);
    // Same size: no chunk offset moved.
    expect(clean.bytes!.length).toBe(fs.statSync(file('dashcam.mp4')).size);
  });

  it('leaves out what a phone appends after the movie', async () => {
    ffmpeg(...picture, '-c:v', 'libx264', '-preset', 'ultrafast', file('plain.mp4'));
    const movie = fs.readFileSync(file('plain.mp4'));
    fs.writeFileSync(file('trailer.mp4'), Buffer.concat([movie, Buffer.from(`SEFH\0\0\0\u0001${LOCATION}SEFT`)]));
    const clean = await strip('trailer.mp4', 'iso');
    expect(clean).toMatchObject({ done: true, errors: '', status: 0 });
    expect(clean.bytes!.length).toBe(movie.length);
  });

  it('zeroes what cannot be walked at the end of the movie box (old QuickTime’s terminator, or worse)', async () => {
    const movie = fs.readFileSync(file('plain.mp4'));
    // ffmpeg writes the movie box last unless asked for +faststart.
    const moov = movie.lastIndexOf('moov') - 4;
    expect(moov + movie.readUInt32BE(moov)).toBe(movie.length);
    const tail = Buffer.concat([Buffer.from([0, 0, 0, 26, 1, 2, 3, 4]), Buffer.from(LOCATION)]);
    const odd = Buffer.concat([movie, tail]);
    odd.writeUInt32BE(movie.length - moov + tail.length, moov);
    fs.writeFileSync(file('odd.mp4'), odd);
    const clean = await strip('odd.mp4', 'iso');
    expect(clean).toMatchObject({ done: true, errors: '', status: 0 });
    expect(clean.bytes!.length).toBe(odd.length);
    expect(clean.bytes!.includes('40.6892')).toBe(false);
  });

  it('empties a live WebM’s Tags (MediaRecorder’s clusters of unknown size)', async () => {
    ffmpeg(
      ...sound,
      '-c:a',
      'libopus',
      '-metadata',
      `LOCATION=${LOCATION}`,
      '-live',
      '1',
      '-f',
      'webm',
      file('live.webm'),
    );
    const clean = await strip('live.webm', 'matroska');
    expect(clean).toMatchObject({ done: true, errors: '', status: 0 });
    expect(clean.bytes!.includes('40.6892')).toBe(false);
  });

  it('empties Ogg Vorbis comments with the pages’ checksums made again, and drops MP3’s ID3 tags at both ends', async () => {
    ffmpeg(...sound, '-c:a', 'libvorbis', '-metadata', `LOCATION=${LOCATION}`, file('voice.ogg'));
    const ogg = await strip('voice.ogg', 'ogg');
    expect(ogg).toMatchObject({ done: true, errors: '', status: 0 });
    expect(ogg.bytes!.includes('40.6892')).toBe(false);
    ffmpeg(
      ...sound,
      '-metadata',
      `LOCATION=${LOCATION}`,
      '-metadata',
      'title=Oaxaca',
      '-write_id3v1',
      '1',
      file('voice.mp3'),
    );
    const mp3 = await strip('voice.mp3', 'mp3');
    expect(mp3).toMatchObject({ done: true, errors: '', status: 0 });
    expect(mp3.bytes!.includes('40.6892') || mp3.bytes!.includes('Oaxaca')).toBe(false);
  });

  it('writes nothing for a file it cannot walk, so nobody is served what was not cleaned', async () => {
    fs.writeFileSync(file('text.mp4'), `not a movie ${LOCATION}`.repeat(10));
    expect(await strip('text.mp4', 'iso')).toEqual({ done: false, exists: false });
    fs.writeFileSync(file('text.ogg'), `OggS not pages ${LOCATION}`);
    expect(await strip('text.ogg', 'ogg')).toEqual({ done: false, exists: false });
  });
});
