import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumOf } from '../access/index.js';
import { guestLinkOf, renderGuestQr } from './guest-qr.js';

const ZQrParams = z.object({ albumId: z.uuid(), format: z.enum(['png', 'svg']) });

/** The QR code of an album's guest link, for its owner to print or share. */
export const albumsRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/albums/:albumId/qr.:format',
    {
      config: { access: 'album-owner' },
      schema: {
        tags: ['albums'],
        summary: 'QR code of the guest link (qr.png or qr.svg)',
        security: [{ bearer: [] }],
        params: ZQrParams,
      },
    },
    async (request, reply) => {
      const { album } = albumOf(request);
      void reply.header('cache-control', 'private, max-age=3600');
      const qr = await renderGuestQr(guestLinkOf(publicUrl, album.accessCode), request.params.format);
      return reply.type(qr.type).send(qr.body);
    },
  );
};
