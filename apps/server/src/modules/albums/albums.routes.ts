import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.js';
import { currentUser, type AuthGuards } from '../auth/auth.guard.js';
import type { AlbumsRepository } from './albums.repository.js';

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
      const guestLink = `${publicUrl}/guest/${album.accessCode}`;
      void reply.header('cache-control', 'private, max-age=3600');
      if (request.params.format === 'svg') {
        return reply.type('image/svg+xml').send(await QRCode.toString(guestLink, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }));
      }
      return reply.type('image/png').send(await QRCode.toBuffer(guestLink, { type: 'png', width: 768, margin: 2, errorCorrectionLevel: 'M' }));
    },
  );
};
