import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedZip, type ZipEntry } from './stored-zip.js';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stored-zip-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function bufferEntry(name: string, bytes: Buffer, modified = new Date('2027-06-12T18:30:00Z')): ZipEntry {
  return {
    name,
    size: bytes.length,
    crc32: crc32(bytes),
    modified,
    async open(start, end) {
      // Small chunks, so a range crosses several of them.
      const chunks: Buffer[] = [];
      for (let at = start; at <= end; at += 7) chunks.push(bytes.subarray(at, Math.min(at + 7, end + 1)));
      return chunks;
    },
  };
}

async function collect(source: AsyncIterable<Uint8Array>) {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const files = [
  { name: 'Boda de Ana_foto_1.jpg', bytes: Buffer.from('first photo bytes '.repeat(20)) },
  { name: 'Boda de Ana_foto_2.png', bytes: Buffer.alloc(0) },
  { name: 'Cumpleaños de Zoë_foto_3.webp', bytes: Buffer.from(Array.from({ length: 999 }, (_, i) => (i * 31) % 256)) },
];

describe('storedZip', () => {
  it('makes an archive of exactly its announced size that unzip reads and verifies', async () => {
    const zip = storedZip(files.map((file) => bufferEntry(file.name, file.bytes)));
    const bytes = await collect(zip.read());
    expect(bytes.length).toBe(zip.size);
    const target = path.join(dir, 'small.zip');
    await fs.writeFile(target, bytes);
    const tested = await run('unzip', ['-t', target]);
    expect(tested.stdout).toContain('No errors detected');
    const listed = await run('unzip', ['-Z1', target]);
    expect(listed.stdout.trim().split('\n')).toEqual(files.map((file) => file.name));
    for (const file of files) {
      const { stdout } = await run('unzip', ['-p', target, file.name], { encoding: 'buffer' });
      expect(Buffer.compare(stdout as unknown as Buffer, file.bytes)).toBe(0);
    }
  });

  it('gives any byte range equal to the same slice of the whole archive', async () => {
    const zip = storedZip(files.map((file) => bufferEntry(file.name, file.bytes)));
    const whole = await collect(zip.read());
    const ranges: Array<[number, number]> = [
      [0, 0],
      [0, 29],
      [30, 80],
      [100, zip.size - 1],
      [zip.size - 22, zip.size - 1],
      [zip.size - 1, zip.size - 1],
    ];
    for (let i = 0; i < 200; i++) {
      const start = Math.floor(Math.random() * zip.size);
      ranges.push([start, start + Math.floor(Math.random() * (zip.size - start))]);
    }
    for (const [start, end] of ranges) {
      expect(
        Buffer.compare(await collect(zip.read(start, end)), whole.subarray(start, end + 1)),
        `${start}-${end}`,
      ).toBe(0);
    }
    await expect(collect(zip.read(0, zip.size))).rejects.toThrow(RangeError);
  });

  it('an empty album is a valid empty archive', async () => {
    const zip = storedZip([]);
    expect(zip.size).toBe(22);
    const target = path.join(dir, 'empty.zip');
    await fs.writeFile(target, await collect(zip.read()));
    const listed = await run('unzip', ['-l', target]).catch((error: { stdout: string }) => error);
    expect(listed.stdout).toContain('empty');
  });

  it('fails loudly when a file gives fewer bytes than announced', async () => {
    const entry = { ...bufferEntry('a.jpg', Buffer.from('abc')), size: 10 };
    await expect(collect(storedZip([entry]).read())).rejects.toThrow(/gave 3 bytes, expected 10/);
  });

  it(
    'writes ZIP64 records past 4 GiB that unzip reads (zeros written as a sparse file)',
    { timeout: 120_000 },
    async () => {
      const CHUNK = Buffer.alloc(1 << 20);
      const bigSize = 2 ** 32 + 3 * (1 << 20) + 12_345; // one entry over 4 GiB: ZIP64 sizes
      let bigCrc = 0;
      for (let left = bigSize; left > 0; left -= CHUNK.length)
        bigCrc = crc32(CHUNK.subarray(0, Math.min(left, CHUNK.length)), bigCrc);
      const zeros: ZipEntry = {
        name: 'big.bin',
        size: bigSize,
        crc32: bigCrc,
        modified: new Date('2027-06-12T18:30:00Z'),
        async open(start, end) {
          return (async function* () {
            for (let at = start; at <= end; at += CHUNK.length)
              yield CHUNK.subarray(0, Math.min(CHUNK.length, end + 1 - at));
          })();
        },
      };
      const after = bufferEntry('after.txt', Buffer.from('the entry whose offset needs ZIP64'));
      const zip = storedZip([bufferEntry('before.txt', Buffer.from('small first')), zeros, after]);
      expect(zip.size).toBeGreaterThan(2 ** 32);

      const target = path.join(dir, 'big.zip');
      const handle = await fs.open(target, 'w');
      let position = 0;
      for await (const chunk of zip.read()) {
        // The zeros are skipped (left as a hole), everything else is written where it belongs.
        if (chunk.buffer !== CHUNK.buffer) await handle.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
      await handle.truncate(position);
      await handle.close();
      expect(position).toBe(zip.size);
      expect((await fs.stat(target)).blocks * 512).toBeLessThan(64 << 20);

      // unzip checks the entries on either side of the 4 GiB one (reading 4 GiB of zeros through
      // unzip takes a minute on a shared machine), and lists the big one with its ZIP64 size.
      const tested = await run('unzip', ['-t', target, 'before.txt', 'after.txt']);
      expect(tested.stdout).toContain('No errors detected');
      const listed = await run('unzip', ['-Zl', target]);
      expect(listed.stdout).toMatch(new RegExp(`\\s${bigSize}\\s+\\S+\\s+${bigSize}\\s+stor\\s.*big\\.bin`));
      const { stdout } = await run('unzip', ['-p', target, 'after.txt']);
      expect(stdout).toBe('the entry whose offset needs ZIP64');

      // The tail (central directory, ZIP64 end records) is the same through a range.
      const tail = await collect(zip.read(zip.size - 400, zip.size - 1));
      const file = await fs.open(target, 'r');
      const onDisk = Buffer.alloc(400);
      await file.read(onDisk, 0, 400, zip.size - 400);
      await file.close();
      expect(Buffer.compare(tail, onDisk)).toBe(0);
    },
  );
});
