import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../platform/blob-store/local-blob-store.js';
import { chunkKey, localCopyOf, receiveBody, stagedUpload, storeChunk, sweepLocalCopies } from './resumable-chunks.js';

const dirs: string[] = [];
const newStore = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunks-'));
  dirs.push(dir);
  return createLocalBlobStore(dir);
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const bytesOf = (seed: number, length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * seed) % 251));
const received = (store: ReturnType<typeof newStore>, bytes: Buffer, sha256: boolean) =>
  receiveBody(Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]), store.stagingDir, bytes.length, sha256);
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A chunk of `bytes` stored at `start` as a PATCH stores it; answers its key. */
async function storedChunk(store: ReturnType<typeof newStore>, uploadId: string, start: number, bytes: Buffer) {
  const key = chunkKey(uploadId, start, randomUUID());
  await storeChunk(store, key, (await received(store, bytes, false)).path);
  return key;
}

describe('a resumable upload staged for the pipeline', () => {
  it('is the body itself when one PATCH brought every byte: hashed on arrival, never copied', async () => {
    const store = newStore();
    const bytes = bytesOf(3, 5000);
    const body = await received(store, bytes, true);
    const staged = await stagedUpload(store, [], body, 0);
    expect(staged).toEqual({
      path: body.path,
      size: bytes.length,
      sha256: sha256Of(bytes),
      crc32: crc32(bytes),
      type: undefined,
    });
  });

  it("joins earlier chunks from this server's copies, without reading them back from the store", async () => {
    const store = newStore();
    const uploadId = randomUUID();
    const [first, second, last] = [bytesOf(5, 3000), bytesOf(7, 2000), bytesOf(11, 1000)];
    const keys = [await storedChunk(store, uploadId, 0, first), await storedChunk(store, uploadId, 3000, second)];
    // Gone from the store: only this server's copies still hold them.
    for (const key of keys) await store.delete(key);
    const staged = await stagedUpload(store, keys, await received(store, last, false), 5000);
    const whole = Buffer.concat([first, second, last]);
    expect(staged).toMatchObject({ size: whole.length, sha256: sha256Of(whole), crc32: crc32(whole) });
    expect(fs.readFileSync(staged.path).equals(whole)).toBe(true);
  });

  it('reads from the store a chunk another server received, or one whose copy here is not whole', async () => {
    const store = newStore();
    const uploadId = randomUUID();
    const [first, second, last] = [bytesOf(13, 3000), bytesOf(17, 2000), bytesOf(19, 10)];
    const elsewhere = chunkKey(uploadId, 0, randomUUID());
    await store.put(elsewhere, first, 'application/octet-stream');
    const here = await storedChunk(store, uploadId, 3000, second);
    // A copy of another length (a link shares the store's bytes on a local disk: replaced, not cut).
    const copy = localCopyOf(store.stagingDir, here);
    fs.rmSync(copy);
    fs.writeFileSync(copy, second.subarray(0, 100));
    const staged = await stagedUpload(store, [elsewhere, here], await received(store, last, true), 5000);
    expect(fs.readFileSync(staged.path).equals(Buffer.concat([first, second, last]))).toBe(true);
  });

  it('keeps copies an upload still lists, and drops the rest once old enough', async () => {
    const store = newStore();
    const [live, done] = [randomUUID(), randomUUID()];
    const listed = await storedChunk(store, live, 0, bytesOf(23, 10));
    const finished = await storedChunk(store, done, 0, bytesOf(29, 10));
    const copiesLeft = () => fs.readdirSync(store.stagingDir).filter((name) => name.endsWith('.chunk'));
    const chunkKeysOf = async (ids: string[]) => new Map(ids.map((id) => [id, id === live ? [listed] : []]));
    const now = Date.now();
    expect(await sweepLocalCopies(store.stagingDir, chunkKeysOf, now, 60_000)).toBe(0);
    expect(await sweepLocalCopies(store.stagingDir, chunkKeysOf, now + 120_000, 60_000)).toBe(1);
    expect(copiesLeft()).toEqual([path.basename(localCopyOf(store.stagingDir, listed))]);
    expect(fs.existsSync(localCopyOf(store.stagingDir, finished))).toBe(false);
    // Past an hour even a listed copy goes: the store's object serves the finish.
    expect(await sweepLocalCopies(store.stagingDir, chunkKeysOf, now + 2 * 3_600_000, 60_000)).toBe(1);
    expect(copiesLeft()).toEqual([]);
  });
});
