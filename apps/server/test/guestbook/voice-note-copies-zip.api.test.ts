import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { openTestDatabase } from '../test-database.js';
import { startTestServer } from '../test-server.js';
import { postedVoiceNote, recordVoice, settledVoiceNotes } from './guestbook-factories.js';

// The ZIP holds a voice note's AAC copy beside the guestbook page and the recording aside; a copy
// made after a download link changes the archive, so an old resume must not join two archives.
const run = promisify(execFile);
let dir: string;
let voice: Buffer;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-voice-zip-'));
  voice = await recordVoice(3);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the album ZIP once a voice note’s copy is made', () => {
  it('is another archive: the copy beside the page, the recording aside, exact length and ranges, old resumes refused', async () => {
    const database = await openTestDatabase();
    const env = { DATA_DIR: path.join(dir, 'zip') };
    const host = await startTestServer({ env: { ...env, MEDIA_WORKERS: '0' }, database });
    try {
      const { album } = await postedVoiceNote(host, voice, 'price_premium_lifetime');
      const download = async (url: string, headers: Record<string, string> = {}) => {
        const response = await fetch(host.url + url, { headers });
        return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
      };
      const linkOf = async () =>
        (await host.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token })).body.data as {
          url: string;
          bytes: number;
        };
      const namesIn = async (bytes: Buffer) => {
        const target = path.join(dir, `album-${Math.random().toString(36).slice(2)}.zip`);
        await fs.writeFile(target, bytes);
        expect((await run('unzip', ['-t', target])).stdout).toContain('No errors detected');
        return (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
      };
      const stem = 'Boda de Ana y Luis';

      const before = await linkOf();
      const first = await download(before.url);
      expect(await namesIn(first.bytes)).toEqual(['mensajes/libro_de_firmas.html', `mensajes/${stem}_mensaje_1.webm`]);

      // A worker elsewhere makes the copy; this server's kept layout must not outlive it.
      const worker = await startTestServer({ env, database });
      try {
        await settledVoiceNotes(worker, album.albumId, 1);
      } finally {
        await worker.close();
      }
      const resumed = await download(before.url, { range: `bytes=${Math.floor(first.bytes.length / 2)}-` });
      expect(resumed.status).toBe(412);

      const after = await linkOf();
      const whole = await download(after.url);
      expect(whole.status).toBe(200);
      expect([Number(whole.headers.get('content-length')), after.bytes]).toEqual([
        whole.bytes.length,
        whole.bytes.length,
      ]);
      expect(whole.headers.get('etag')).not.toBe(first.headers.get('etag'));
      expect(await namesIn(whole.bytes)).toEqual([
        'mensajes/libro_de_firmas.html',
        `mensajes/${stem}_mensaje_1.m4a`,
        `mensajes/originales/${stem}_mensaje_1.webm`,
      ]);
      // A resume late in the archive joins into the very same bytes.
      const cut = whole.bytes.length - voice.length - 200;
      const tail = await download(after.url, { range: `bytes=${cut}-`, 'if-range': whole.headers.get('etag')! });
      expect(tail.status).toBe(206);
      expect(Buffer.concat([whole.bytes.subarray(0, cut), tail.bytes]).equals(whole.bytes)).toBe(true);
    } finally {
      await host.close();
      await database.close();
    }
  });
});
