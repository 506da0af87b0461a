import autocannon from 'autocannon';
import Fastify from 'fastify';
import { finishedAlbum, joinAsGuest, sampleJpeg, uploadAsGuest } from '../e2e/support/album-fixture.js';
import { startProductServer } from '../e2e/support/product-server.js';

const CONNECTIONS = 100;
const DURATION_SECONDS = 10;
const PHOTOS = 30;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * The guest's two hot reads under 100 connections: the album by its code, and a page of photos
 * (with the code as credential), each against a bare Fastify route that returns the same JSON
 * from memory. BENCH_DATABASE_URL runs the server on PostgreSQL instead of the embedded PGlite.
 */
export const apiReadsBenchmark = {
  name: 'api reads: album by code and a photo page vs a bare Fastify route',
  async run() {
    const env: Record<string, string> = {
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      ALBUM_CODE_RATE_LIMIT_PER_IP: '100000000',
    };
    if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const server = await startProductServer(env);
    try {
      const album = await finishedAlbum(server.url, 'premium');
      const token = await joinAsGuest(album);
      for (let index = 0; index < PHOTOS; index++) await uploadAsGuest(album, token, await sampleJpeg(index, 640, 480));
      const byCode = `/api/albums/code/${album.accessCode}`;
      const page = `/api/albums/${album.albumId}/photos?page=1&pageSize=20`;
      const codeHeader = { 'x-album-code': album.accessCode };
      const codeBody = await (await fetch(server.url + byCode)).json();
      const pageBody = await (await fetch(server.url + page, { headers: codeHeader })).json();

      const bare = Fastify();
      bare.get('/code', async () => codeBody);
      bare.get('/page', async () => pageBody);
      const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
      console.log(
        `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
      );
      for (const [label, bareRoute, url, headers] of [
        ['album by code', '/code', byCode, {}],
        ['photo page (20)', '/page', page, codeHeader],
      ] as const) {
        const baseline = await load(bareUrl + bareRoute);
        const measured = await load(server.url + url, headers);
        console.log(
          `${label.padEnd(16)} bare ${baseline.requestsPerSecond.toFixed(0)} req/s (p99 ${baseline.p99} ms) · server ${measured.requestsPerSecond.toFixed(0)} req/s (p99 ${measured.p99} ms, errors ${measured.errors}) · ratio ${(measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}`,
        );
      }
      await bare.close();
    } finally {
      await server.stop();
    }
  },
};
