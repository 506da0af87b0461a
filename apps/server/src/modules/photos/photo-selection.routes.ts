import {
  attachmentHeader,
  ZEventIdParams,
  ZPhotoBatchRequest,
  ZPhotoBatchResponse,
  ZPhotoIdsQuery,
  ZPhotoIdsResponse,
  ZSelectionLinkRequest,
  ZSelectionLinkResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { linkEtagOf } from './album-zip.service.js';
import { errors, security, tags, ZZipQuery } from './host-route-schemas.js';
import type { HostPhotosService } from './host-photos.service.js';

/** A selection's link: the digest of the ids in its path, the ids themselves in `s` (selection-token.ts). */
const ZSelectionZipParams = ZEventIdParams.extend({ digest: z.string().regex(/^[\w-]{43}$/) });
const ZSelectionZipQuery = ZZipQuery.extend({
  s: z
    .string()
    .regex(/^[\w-]{22,4300}$/)
    .optional(),
});

/** The host's work on several photos at once (issue 29): bulk moderation, "select all" and the selection's ZIP. */
export const photoSelectionRoutes: FastifyPluginAsyncZod<{ service: HostPhotosService }> = async (app, { service }) => {
  const owner = { access: 'album-owner' } as const;
  app.post(
    '/:id/photos/batch',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Approve, hide or delete several photos at once',
        description:
          'One transaction per request. Ids that name no photo of this album (unknown, already deleted, or of another album) are answered in `notFound`, alike, and nothing else is touched.',
        params: ZEventIdParams,
        body: ZPhotoBatchRequest,
        response: { 200: ZPhotoBatchResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.batch(request.params.id, request.body.action, request.body.photoIds),
    }),
  );

  app.get(
    '/:id/photo-ids',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'The ids of every photo in a state and section, newest shot first ("select all")',
        params: ZEventIdParams,
        querystring: ZPhotoIdsQuery,
        response: { 200: ZPhotoIdsResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: await service.photoIds(request.params.id, request.query.state, request.query.section),
      };
    },
  );

  app.post(
    '/:id/selection-link',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'A short-lived signed URL to a ZIP of the chosen photos’ originals (resumable, like download-link)',
        params: ZEventIdParams,
        body: ZSelectionLinkRequest,
        response: { 200: ZSelectionLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await service.selectionLink(request.params.id, request.body.photoIds) };
    },
  );

  app.get(
    '/:id/selections/:digest/download.zip',
    {
      config: { access: 'album-owner-or-link' },
      schema: {
        tags,
        security,
        summary:
          'The chosen photos as {eventName}_seleccion.zip: what selection-link signed; Range and HEAD as download.zip',
        params: ZSelectionZipParams,
        querystring: ZSelectionZipQuery,
      },
    },
    async (request, reply) => {
      const { id, digest } = request.params;
      const { file, fileName } = await service.selectionZip(id, digest, request.query.s ?? '');
      return sendRanged(request, reply, file, {
        cacheControl: 'private, no-cache',
        disposition: attachmentHeader(fileName),
        linkEtag: linkEtagOf(request.query.v),
      });
    },
  );
};
