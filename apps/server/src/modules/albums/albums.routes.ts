import { errorResponses, ZAccessCodeResponse, ZEventIdParams } from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { albumOf } from '../access/index.js';
import type { AccessCodeService } from './access-code.service.js';
import { guestLinkOf, renderGuestQr } from './guest-qr.js';

const ZQrParams = z.object({ albumId: z.uuid(), format: z.enum(['png', 'svg']) });
const errors = errorResponses(400, 401, 404, 429);

/** The host's album actions on its guest code: the QR code of the guest link, and a new code. */
export const albumsRoutes: FastifyPluginAsyncZod<{ publicUrl: string; accessCodes: AccessCodeService }> = async (
  app,
  { publicUrl, accessCodes },
) => {
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
      // Revalidated on every fetch: the same address draws the new code once the host changes it.
      void reply.header('cache-control', 'private, no-cache');
      const qr = await renderGuestQr(guestLinkOf(publicUrl, album.accessCode), request.params.format);
      return reply.type(qr.type).send(qr.body);
    },
  );

  app.post(
    '/events/:id/access-code',
    {
      config: { access: 'album-owner' },
      schema: {
        tags: ['events'],
        summary: 'Give the album a new random code; the old code then answers 410 ALBUM_CODE_CHANGED',
        security: [{ bearer: [] }],
        params: ZEventIdParams,
        response: { 200: ZAccessCodeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Access code changed',
      data: await accessCodes.change(request.params.id),
    }),
  );
};
