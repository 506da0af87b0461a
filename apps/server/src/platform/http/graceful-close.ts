import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, requests already in flight still get their answer, marked
 * `Connection: close` so that their keep-alive sockets end and the close can complete.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isClosing) void reply.header('connection', 'close');
    return payload;
  });
}
