import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasVideoStructure } from './video-structure.js';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-structure-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let written = 0;
const check = (bytes: Buffer, container: 'iso' | 'matroska') => {
  const file = path.join(dir, `${written++}.bin`);
  fs.writeFileSync(file, bytes);
  return hasVideoStructure(file, container);
};

/** clip.mp4 is ftyp (32 bytes), moov, free, mdat: the top-level boxes with their offsets. */
function topBoxes(bytes: Buffer) {
  const found: { type: string; start: number; size: number }[] = [];
  for (let at = 0; at < bytes.length; at += bytes.readUInt32BE(at))
    found.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, size: bytes.readUInt32BE(at) });
  return found;
}
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const lorem = Buffer.from('Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(72));

describe('hasVideoStructure', () => {
  it('passes the real MP4, QuickTime and WebM clips', async () => {
    expect(await check(fixture('clip.mp4'), 'iso')).toBe(true);
    expect(await check(fixture('clip.mov'), 'iso')).toBe(true);
    expect(await check(fixture('clip.webm'), 'matroska')).toBe(true);
  });

  it('fails a real header followed by 4 KB of text', async () => {
    const mp4 = fixture('clip.mp4');
    expect(await check(Buffer.concat([mp4.subarray(0, 32), lorem]), 'iso')).toBe(false);
    // Even a whole ftyp and the start of a moov do not make a video.
    expect(await check(Buffer.concat([mp4.subarray(0, 64), lorem]), 'iso')).toBe(false);
    expect(await check(Buffer.concat([fixture('clip.mov').subarray(0, 20), lorem]), 'iso')).toBe(false);
    expect(await check(Buffer.concat([fixture('clip.webm').subarray(0, 40), lorem]), 'matroska')).toBe(false);
  });

  it('fails a truncated file, and a box or element whose size runs past the end', async () => {
    const mp4 = fixture('clip.mp4');
    const webm = fixture('clip.webm');
    expect(await check(mp4.subarray(0, Math.floor(mp4.length / 2)), 'iso')).toBe(false);
    expect(await check(mp4.subarray(0, mp4.length - 1), 'iso')).toBe(false);
    expect(await check(webm.subarray(0, 300), 'matroska')).toBe(false);
    expect(await check(webm.subarray(0, webm.length - 1), 'matroska')).toBe(false);
    const mdat = topBoxes(mp4).find((entry) => entry.type === 'mdat')!;
    const pastTheEnd = Buffer.from(mp4);
    pastTheEnd.writeUInt32BE(mdat.size + 1, mdat.start);
    expect(await check(pastTheEnd, 'iso')).toBe(false);
    const moov = topBoxes(mp4).find((entry) => entry.type === 'moov')!;
    const childPastMoov = Buffer.from(mp4);
    childPastMoov.writeUInt32BE(moov.size, moov.start + 8);
    expect(await check(childPastMoov, 'iso')).toBe(false);
    // Bytes after a whole movie are a phone's own trailer, not a fake: the movie is still there.
    expect(await check(Buffer.concat([mp4, Buffer.from('SEFT trailer written by the camera app')]), 'iso')).toBe(true);
    expect(await check(Buffer.concat([mp4.subarray(0, mdat.start), Buffer.from('copy-1')]), 'iso')).toBe(false);
    // Whole headers with no media data are not a video either.
    expect(await check(mp4.subarray(0, mdat.start), 'iso')).toBe(false);
  });

  it('fails a moov without a track and a WebM without a cluster or of another DocType', async () => {
    const mp4 = fixture('clip.mp4');
    const ftyp = mp4.subarray(0, 32);
    expect(
      await check(
        Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(64))]),
        'iso',
      ),
    ).toBe(false);
    const webm = fixture('clip.webm');
    const notWebm = Buffer.from(webm);
    notWebm.write('webx', webm.indexOf('webm'), 'latin1');
    expect(await check(notWebm, 'matroska')).toBe(false);
    // The EBML header and the Segment's first children, cut before the first Cluster and closed there.
    const cluster = webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    const noCluster = Buffer.from(webm.subarray(0, cluster));
    noCluster.set(
      [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
      webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) + 4,
    );
    expect(await check(noCluster, 'matroska')).toBe(false);
  });

  it('passes the layouts real recorders write: 64-bit and to-the-end box sizes, WebM of unknown size', async () => {
    const mp4 = fixture('clip.mp4');
    const mdat = topBoxes(mp4).find((entry) => entry.type === 'mdat')!;
    const payload = mp4.subarray(mdat.start + 8, mdat.start + mdat.size);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(payload.length + 16), 8);
    expect(await check(Buffer.concat([mp4.subarray(0, mdat.start), large, payload]), 'iso')).toBe(true);
    const toTheEnd = Buffer.from(mp4);
    toTheEnd.writeUInt32BE(0, mdat.start);
    expect(await check(toTheEnd, 'iso')).toBe(true);
    // A browser's MediaRecorder cannot know the Segment's size while it records.
    const live = Buffer.from(fixture('clip.webm'));
    live.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], live.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])) + 4);
    expect(await check(live, 'matroska')).toBe(true);
  });

  it('fails files that are not containers at all, and an empty file', async () => {
    expect(await check(lorem, 'iso')).toBe(false);
    expect(await check(lorem, 'matroska')).toBe(false);
    expect(await check(Buffer.alloc(0), 'iso')).toBe(false);
    expect(await check(Buffer.alloc(0), 'matroska')).toBe(false);
  });
});
