import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '../../e2e/support/seeded-random.js';

export interface LossyProxyOptions {
  /** The server every request goes on to, e.g. http://127.0.0.1:4321. */
  target: string;
  /** Share of requests whose connection is destroyed before anything is forwarded (0 for a clean link). */
  dropRate: number;
  /** Cut the first forwarded PATCH of each tus upload half-way through its body. */
  cutFirstPatch: boolean;
  /** Decides the drops: the same seed drops the same requests of the same files, whatever the timing. */
  seed: number;
}

export interface LossyProxyStats {
  /** Requests that reached the proxy. */
  received: number;
  dropped: number;
  cut: number;
  byMethod: Record<string, { received: number; dropped: number; cut: number }>;
}

/** FNV-1a, to turn a request's name into a seed. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The file a tus request is about: named in the creation's Upload-Metadata, then by its upload's path. */
function fileNameOf(metadata: string | undefined): string | undefined {
  const pair = (metadata ?? '').split(',').find((entry) => entry.trim().startsWith('filename '));
  return pair ? Buffer.from(pair.trim().slice('filename '.length), 'base64').toString('utf8') : undefined;
}

/**
 * A venue's bad link as an HTTP proxy on loopback. A dropped request loses its connection before
 * a byte is forwarded (as a reset Wi-Fi does); a cut PATCH reaches the server with half of its
 * body (its Content-Length still promising all of it), then both connections are destroyed, so
 * the server keeps half the bytes and the client never hears back.
 */
export async function startLossyProxy(options: LossyProxyOptions) {
  const target = new URL(options.target);
  const stats: LossyProxyStats = { received: 0, dropped: 0, cut: 0, byMethod: {} };
  const cutUploads = new Set<string>();
  const fileOfUpload = new Map<string, string>();
  const tries = new Map<string, number>();
  // Whether the n-th request of this method for this file is dropped: fixed by the seed, so a run
  // drops the same tries of the same files whichever order the queue sends them in.
  const isDropped = (method: string, path: string, metadata: string | undefined) => {
    if (options.dropRate <= 0) return false;
    const subject = (method === 'POST' ? fileNameOf(metadata) : fileOfUpload.get(path)) ?? path;
    const key = `${subject} ${method}`;
    const n = (tries.get(key) ?? 0) + 1;
    tries.set(key, n);
    return seededRandom(hashOf(`${options.seed} ${key} ${n}`))() < options.dropRate;
  };
  // Keep-alive upstream, as a real proxy or load balancer keeps it; a cut destroys only its socket.
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const counts = (stats.byMethod[method] ??= { received: 0, dropped: 0, cut: 0 });
    stats.received++;
    counts.received++;
    const uploadPath = (request.url ?? '').split('?')[0]!;
    const metadata = request.headers['upload-metadata'];
    if (isDropped(method, uploadPath, typeof metadata === 'string' ? metadata : undefined)) {
      stats.dropped++;
      counts.dropped++;
      request.socket.destroy();
      return;
    }
    const cut = options.cutFirstPatch && method === 'PATCH' && !cutUploads.has(uploadPath);
    if (cut) {
      cutUploads.add(uploadPath);
      stats.cut++;
      counts.cut++;
    }

    const upstream = http.request(
      { host: target.hostname, port: target.port, path: request.url, method, agent, headers: request.headers },
      (answer) => {
        const created = answer.headers.location;
        const name = typeof metadata === 'string' ? fileNameOf(metadata) : undefined;
        if (method === 'POST' && created && name) fileOfUpload.set(new URL(created, target).pathname, name);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.setHeader('host', target.host);
    const destroyBoth = () => {
      upstream.destroy();
      request.socket.destroy();
    };
    upstream.on('error', destroyBoth);
    request.on('error', destroyBoth);
    if (!cut) {
      request.pipe(upstream);
      return;
    }
    let left = Math.floor(Number(request.headers['content-length'] ?? 0) / 2);
    request.on('data', (chunk: Buffer) => {
      if (left <= 0) return;
      const piece = chunk.subarray(0, left);
      left -= piece.length;
      if (left > 0) {
        if (!upstream.write(piece)) {
          request.pause();
          upstream.once('drain', () => request.resume());
        }
        return;
      }
      request.pause();
      // Once the half has gone to the server's socket, the link dies in the middle of the body.
      upstream.write(piece, destroyBoth);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
