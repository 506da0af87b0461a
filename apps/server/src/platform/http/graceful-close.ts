import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, requests already in flight still get their answer, marked
 * `Connection: close` so that their keep-alive sockets end and the close can complete.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    // A keep-alive connection whose last answer was still finishing when the close began was not idle
    // at that instant, and Node would keep it open until its keep-alive timeout (72 s), holding the
    // close up: close idle connections again until the server has closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isClosing) void reply.header('connection', 'close');
    return payload;
  });
}
