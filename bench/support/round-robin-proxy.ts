import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers about one connection, not the message: a proxy never passes them on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * `round-robin`: each request to the next server in turn. `least-busy`: to the server with the
 * fewest requests in flight, in turn among equals (nginx `least_conn`, HAProxy `leastconn`). Plain
 * rotation can line up with the clients' rhythm: when every upload is followed by a cheap read
 * (the slideshow's refetch), the uploads all land on one server.
 */
export type Balance = 'round-robin' | 'least-busy';

export interface RoundRobinProxy {
  url: string;
  /** Requests each target was sent, in the order of `targets`. */
  sentTo: number[];
  /** Of those, uploads (POST …/photos), which carry nearly all the work. */
  uploadsTo: number[];
  close(): Promise<void>;
}

/**
 * A load balancer's smallest form on loopback: each request goes to the next server in turn (or
 * the least busy, see `Balance`).
 * Bodies stream both ways without buffering (uploads of megabytes, server-sent events that must
 * reach the client as written), the client's address travels in X-Forwarded-For as behind any
 * load balancer (servers run with TRUST_PROXY), and a client that goes away takes its upstream
 * request with it.
 */
export async function startRoundRobinProxy(options: {
  port: number;
  targets: string[];
  balance?: Balance;
}): Promise<RoundRobinProxy> {
  const targets = options.targets.map((target) => new URL(target));
  const sentTo = targets.map(() => 0);
  const uploadsTo = targets.map(() => 0);
  const inFlight = targets.map(() => 0);
  // Keep-alive upstream, as a load balancer keeps its connections to the servers.
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const pick = () => {
    const start = next++ % targets.length;
    if (options.balance !== 'least-busy') return start;
    let best = start;
    for (let step = 1; step < targets.length; step++) {
      const index = (start + step) % targets.length;
      if (inFlight[index]! < inFlight[best]!) best = index;
    }
    return best;
  };

  const server = http.createServer((request, response) => {
    const index = pick();
    const target = targets[index]!;
    sentTo[index]!++;
    if (request.method === 'POST' && /\/photos(\?|$)/.test(request.url ?? '')) uploadsTo[index]!++;
    inFlight[index]!++;
    response.once('close', () => inFlight[index]!--);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent,
        headers: { ...endToEnd(request.headers), host: target.host, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // Headers go at once: an event stream's client must know it is subscribed before the first event.
        response.flushHeaders();
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.on('error', () => upstream.destroy());
    // A client that leaves (a closed slideshow, an aborted upload) ends the upstream request too.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sentTo,
    uploadsTo,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
