import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPaths } from '@momentos/contract';
import { completedAlbum, joinAlbum, jpeg, uploadPhoto } from '../guests/guest-factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

const run = promisify(execFile);
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'momentos-resume-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A Premium album (the ZIP is included) with three photos, and the host's signed link to its archive. */
async function albumAndLink() {
  const album = await completedAlbum(server, ['price_premium_lifetime']);
  const guest = await joinAlbum(server, album);
  for (let seed = 0; seed < 3; seed++) {
    const bytes = await jpeg(40 + seed, { width: 320 + seed, height: 240 });
    expect((await uploadPhoto(server, album.albumId, guest, bytes, `IMG_${seed}.jpg`)).status).toBe(201);
  }
  const link = await server.request('GET', eventPaths.downloadLink(album.albumId), { token: album.host.token });
  expect(link.status).toBe(200);
  return { album, url: link.body.data.url as string };
}

async function download(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(server.url + url, { method, headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A download cut once it holds `share` of the archive, as a dropped connection leaves it: the bytes kept and the ETag. */
async function cutDownload(url: string, share: number) {
  const controller = new AbortController();
  const response = await fetch(server.url + url, { signal: controller.signal });
  expect(response.status).toBe(200);
  const total = Number(response.headers.get('content-length'));
  const wanted = Math.floor(total * share);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  while (received < wanted) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
  }
  controller.abort();
  return { kept: Buffer.concat(chunks).subarray(0, wanted), etag: response.headers.get('etag')!, total };
}

/** `unzip -t`'s verdict on the bytes, and the entries it lists. */
async function unzipTest(bytes: Buffer) {
  const target = path.join(dataDir, `check-${Date.now()}-${Math.random()}.zip`);
  await fs.writeFile(target, bytes);
  const tested = await run('unzip', ['-t', target]).then(
    (result) => result.stdout,
    (error: { stdout?: string }) => `failed: ${error.stdout ?? ''}`,
  );
  const names = (await run('unzip', ['-Z1', target]).catch(() => ({ stdout: '' }))).stdout.trim().split('\n');
  return { ok: tested.includes('No errors detected'), names: names.filter(Boolean) };
}

async function deleteFirstPhoto(album: Awaited<ReturnType<typeof completedAlbum>>) {
  const listed = await server.request('GET', eventPaths.photos(album.albumId), { token: album.host.token });
  const oldest = listed.body.data.items.at(-1).id as string;
  const deleted = await server.request('DELETE', eventPaths.photo(album.albumId, oldest), { token: album.host.token });
  expect(deleted.status).toBe(200);
}

const HEADERS = ['content-length', 'content-type', 'etag', 'accept-ranges', 'content-disposition', 'content-range'];
const headersOf = (headers: Headers) => Object.fromEntries(HEADERS.map((name) => [name, headers.get(name)]));

describe('resuming the album ZIP (issue 28: right or refused, never wrong)', () => {
  it('refuses a Range resume of an archive that changed since the cut, and restarts it whole on a stale If-Range', async () => {
    const { album, url } = await albumAndLink();
    const cut = await cutDownload(url, 0.4);
    await deleteFirstPhoto(album);

    // `curl -C -`: a Range and no validator. A 206 here would append another archive's bytes.
    const resumed = await download(url, { range: `bytes=${cut.kept.length}-` });
    expect(resumed.status).toBe(412);
    expect(JSON.parse(resumed.bytes.toString())).toMatchObject({ success: false, code: 'DOWNLOAD_CHANGED' });
    expect(resumed.headers.get('content-disposition')).toBeNull();
    expect(resumed.headers.get('etag')).not.toBe(cut.etag);

    // Curl itself keeps the cut file as it was and says it cannot resume, rather than corrupting it.
    const partial = path.join(dataDir, `partial-${Date.now()}.zip`);
    await fs.writeFile(partial, cut.kept);
    const curl = await run('curl', ['-sS', '-C', '-', '-o', partial, server.url + url]).then(
      () => 0,
      (error: { code?: number }) => error.code,
    );
    expect(curl).toBe(33); // CURLE_RANGE_ERROR: "Cannot resume"
    expect(Buffer.compare(await fs.readFile(partial), cut.kept)).toBe(0);

    // A browser resumes with If-Range: the stale ETag gets today's whole archive, which is valid.
    const restarted = await download(url, { range: `bytes=${cut.kept.length}-`, 'if-range': cut.etag });
    expect(restarted.status).toBe(200);
    expect(Number(restarted.headers.get('content-length'))).toBe(restarted.bytes.length);
    const unzipped = await unzipTest(restarted.bytes);
    expect(unzipped.ok).toBe(true);
    expect(unzipped.names).toHaveLength(2);

    // If-Match names the archive the client holds: a stale one is refused outright.
    expect((await download(url, { 'if-match': cut.etag })).status).toBe(412);
    expect((await download(url, { 'if-match': restarted.headers.get('etag')! })).status).toBe(200);
  });

  it('joins an unchanged archive resumed at 40% into the same bytes as a full download, after a HEAD probe', async () => {
    const { url } = await albumAndLink();
    const full = await download(url);
    expect(full.status).toBe(200);
    // A download manager probes first: size, ETag and Accept-Ranges, as the GET will give them.
    const probe = await download(url, {}, 'HEAD');
    expect(probe.status).toBe(200);
    expect(headersOf(probe.headers)).toEqual(headersOf(full.headers));

    const cut = await cutDownload(url, 0.4);
    expect(cut.etag).toBe(full.headers.get('etag'));
    const validators: Record<string, string>[] = [{}, { 'if-range': cut.etag }, { 'if-match': cut.etag }];
    for (const headers of validators) {
      const rest = await download(url, { range: `bytes=${cut.kept.length}-`, ...headers });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(`bytes ${cut.kept.length}-${cut.total - 1}/${cut.total}`);
      const joined = Buffer.concat([cut.kept, rest.bytes]);
      expect(Buffer.compare(joined, full.bytes)).toBe(0);
      expect((await unzipTest(joined)).ok).toBe(true);
    }
    // And curl -C - finishes the cut file into that same archive.
    const partial = path.join(dataDir, `unchanged-${Date.now()}.zip`);
    await fs.writeFile(partial, cut.kept);
    await run('curl', ['-sS', '-f', '-C', '-', '-o', partial, server.url + url]);
    expect(Buffer.compare(await fs.readFile(partial), full.bytes)).toBe(0);
  });

  it('answers HEAD with exactly the status and headers of the same GET and no body, ranges and refusals too', async () => {
    const { album, url } = await albumAndLink();
    const { etag, total } = await cutDownload(url, 0.1);
    const bearer = { authorization: `Bearer ${album.host.token}` };
    const zipPath = eventPaths.downloadZip(album.albumId);
    const cases: [string, Record<string, string>][] = [
      [url, {}],
      [url, { range: 'bytes=100-199' }],
      [url, { range: 'bytes=-50', 'if-range': etag }],
      [url, { range: `bytes=${total}-` }],
      [url, { range: 'bytes=10-', 'if-range': '"stale"' }],
      [url, { 'if-match': '"stale"' }],
      [zipPath, bearer],
      [zipPath, { ...bearer, range: 'bytes=0-0' }],
    ];
    for (const [target, headers] of cases) {
      const get = await download(target, headers);
      const head = await download(target, headers, 'HEAD');
      expect({ target, headers, status: head.status }).toEqual({ target, headers, status: get.status });
      expect(headersOf(head.headers)).toEqual(headersOf(get.headers));
      expect(head.bytes.length).toBe(0);
    }
    // The link made before a change refuses a HEAD of a range exactly as it refuses the GET.
    await deleteFirstPhoto(album);
    const get = await download(url, { range: 'bytes=10-' });
    const head = await download(url, { range: 'bytes=10-' }, 'HEAD');
    expect([get.status, head.status]).toEqual([412, 412]);
    expect(headersOf(head.headers)).toEqual(headersOf(get.headers));
  });
});
