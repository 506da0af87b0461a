import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { currentUser, type AuthGuards } from '../auth/auth.guard.js';
import type { AlbumsRepository } from './albums.repository.js';
import { guestLinkOf, renderGuestQr } from './guest-qr.js';

const ZQrParams = z.object({ albumId: z.uuid(), format: z.enum(['png', 'svg']) });

/** The QR code of an album's guest link, for its owner to print or share. */
export const albumsRoutes: FastifyPluginAsyncZod<{ repo: AlbumsRepository; guards: AuthGuards; publicUrl: string }> = async (
  app,
  { repo, guards, publicUrl },
) => {
  app.get(
    '/albums/:albumId/qr.:format',
    {
      onRequest: guards.requireUser,
      schema: { tags: ['albums'], summary: 'QR code of the guest link (qr.png or qr.svg)', security: [{ bearer: [] }], params: ZQrParams },
    },
    async (request, reply) => {
      const album = await repo.findAlbum(request.params.albumId);
      if (!album || album.userId !== currentUser(request).userId) throw AppError.notFound('Album not found');
      void reply.header('cache-control', 'private, max-age=3600');
      const qr = await renderGuestQr(guestLinkOf(publicUrl, album.accessCode), request.params.format);
      return reply.type(qr.type).send(qr.body);
    },
  );
};
