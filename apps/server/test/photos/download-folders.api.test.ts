import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import {
  ownerList,
  postMessage,
  postVoiceMessage,
  recordVoice,
  settledVoiceNotes,
} from '../guestbook/guestbook-factories.js';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { createSection, deleteSection, uploadInto } from '../sections/section-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

// PRODUCT.md "Guestbook and sections": the whole-album ZIP holds `fotos/`, `videos/` and `mensajes/`
// (the printable guestbook and the voice notes), with a folder per section once the album has named ones.
const run = promisify(execFile);
const fixture = (name: string) => fs.readFile(path.resolve(import.meta.dirname, '../fixtures', name));

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-download-folders-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The archive as the host downloads it, checked whole by Info-ZIP, then each entry's bytes. */
async function downloadAndUnzip(albumId: string, token: string) {
  const response = await fetch(server.url + eventPaths.downloadZip(albumId), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
  const target = path.join(dataDir, `album-${Date.now()}.zip`);
  await fs.writeFile(target, bytes);
  expect((await run('unzip', ['-t', target])).stdout).toContain('No errors detected');
  const names = (await run('unzip', ['-Z1', target])).stdout.trim().split('\n');
  const read = async (name: string) =>
    (await run('unzip', ['-p', target, name], { encoding: 'buffer', maxBuffer: 64 << 20 })).stdout as unknown as Buffer;
  return { names, read };
}

describe('the whole-album ZIP in folders', () => {
  it('puts photos, videos and the guestbook in their folders, a folder per section, and passes unzip -t', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    await createSection(server, album.albumId, album.host, 'Ceremonia');

    const main = await jpeg(11);
    const party = await jpeg(12);
    const clip = await fixture('clip.mp4');
    expect((await uploadPhoto(server, album.albumId, guest, main)).status).toBe(201);
    expect((await uploadInto(server, album.albumId, guest, party, fiesta)).status).toBe(201);
    expect((await uploadPhoto(server, album.albumId, guest, clip, 'clip.mp4')).status).toBe(201);
    const voice = await recordVoice(2);
    const words = '¡Que viva el amor! <3 & gracias por todo\nSegunda línea';
    expect((await postMessage(server, album.albumId, guest, { text: words, authorName: 'Tía Carmen' })).status).toBe(
      201,
    );
    expect((await postVoiceMessage(server, album.albumId, guest, { voice })).status).toBe(201);
    await settledVoiceNotes(server, album.albumId, 1);

    const { names, read } = await downloadAndUnzip(album.albumId, album.host.token);
    const stem = 'Boda de Ana y Luis';
    expect(names).toEqual([
      `fotos/Álbum principal/${stem}_foto_1.jpg`,
      `fotos/Fiesta/${stem}_foto_2.jpg`,
      `videos/Álbum principal/${stem}_foto_3.mp4`,
      'mensajes/libro_de_firmas.html',
      `mensajes/${stem}_mensaje_2.m4a`,
      `mensajes/originales/${stem}_mensaje_2.webm`,
    ]);
    expect(await read(`fotos/Fiesta/${stem}_foto_2.jpg`)).toEqual(party);
    expect(await read(`videos/Álbum principal/${stem}_foto_3.mp4`)).toEqual(clip);
    // Beside the page, the AAC copy players get (iPhones and QuickTime play it); the recording as sent aside.
    const copyUrl = (await ownerList(server, album.albumId, album.host.token)).items.find(
      (item) => item.voiceUrl,
    )!.voiceUrl!;
    const copy = Buffer.from(await (await fetch(server.url + copyUrl)).arrayBuffer());
    expect(await read(`mensajes/${stem}_mensaje_2.m4a`)).toEqual(copy);
    expect(copy.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(await read(`mensajes/originales/${stem}_mensaje_2.webm`)).toEqual(voice);

    const page = (await read('mensajes/libro_de_firmas.html')).toString('utf8');
    expect(page).toContain(`<h1>${stem}</h1>`);
    expect(page).toContain('¡Que viva el amor! &#60;3 &#38; gracias por todo\nSegunda línea');
    expect(page).toContain('<strong>Tía Carmen</strong>');
    expect(page).toContain(`src="${encodeURI(`${stem}_mensaje_2.m4a`)}"`);
    expect(page).not.toContain('<3 &');
  });

  it('has no section folders without named sections, and none again once the last one is deleted', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    const fiesta = (await createSection(server, album.albumId, album.host, 'Fiesta')).body.data.id as string;
    expect((await uploadInto(server, album.albumId, guest, await jpeg(21), fiesta)).status).toBe(201);
    const before = await downloadAndUnzip(album.albumId, album.host.token);
    expect(before.names).toEqual(['fotos/Fiesta/Boda de Ana y Luis_foto_1.jpg']);

    expect((await deleteSection(server, album.albumId, album.host, fiesta)).status).toBe(200);
    const after = await downloadAndUnzip(album.albumId, album.host.token);
    // The photo stays, now in the main part, and the archive is rebuilt rather than served stale.
    expect(after.names).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg']);
  });

  it('rebuilds the archive when a message arrives, and leaves out a message the host hid', async () => {
    const album = await completedAlbum(server, ['price_premium_lifetime']);
    const guest = await joinAlbum(server, album);
    expect((await uploadPhoto(server, album.albumId, guest, await jpeg(31))).status).toBe(201);
    const first = await downloadAndUnzip(album.albumId, album.host.token);
    expect(first.names).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg']);

    const posted = await postMessage(server, album.albumId, guest, { text: 'Felicidades' });
    expect(posted.status).toBe(201);
    const second = await downloadAndUnzip(album.albumId, album.host.token);
    expect(second.names).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg', 'mensajes/libro_de_firmas.html']);
    expect((await second.read('mensajes/libro_de_firmas.html')).toString()).toContain('Felicidades');

    // The printable guestbook holds what the host approved and did not hide, in the ZIP as on screen.
    const hidden = await server.request('PATCH', `/api/events/${album.albumId}/messages/${posted.body.data.id}`, {
      token: album.host.token,
      body: { hidden: true },
    });
    expect(hidden.status).toBe(200);
    const third = await downloadAndUnzip(album.albumId, album.host.token);
    expect(third.names).toEqual(['fotos/Boda de Ana y Luis_foto_1.jpg']);
  });
});
