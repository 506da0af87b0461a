import {
  attachmentHeader,
  ZDownloadLinkResponse,
  ZEventIdParams,
  ZSelectionLinkRequest,
  ZSelectionLinkResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { albumOf } from '../access/index.js';
import { hostRouteSchemas } from '../host-photos/index.js';
import { linkEtagOf, type AlbumZipService } from './album-zip.service.js';
import type { SelectionZipService } from './selection-zip.service.js';

const { errors, security, tags, ZSignedQuery } = hostRouteSchemas;
/** The archive's signed link also names the version it was made for (album-zip.service.ts). */
const ZZipQuery = ZSignedQuery.extend({
  v: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});

/** A selection's link: the digest of the ids in its path, the ids themselves in `s` (selection-token.ts). */
const ZSelectionZipParams = ZEventIdParams.extend({ digest: z.string().regex(/^[\w-]{43}$/) });
const ZSelectionZipQuery = ZZipQuery.extend({
  s: z
    .string()
    .regex(/^[\w-]{22,4300}$/)
    .optional(),
});

/** The host's archives, under /api/events: the whole album's ZIP and a selection's (issue 29), each by signed link. */
export const archiveRoutes: FastifyPluginAsyncZod<{ service: AlbumZipService & SelectionZipService }> = async (
  app,
  { service },
) => {
  const owner = { access: 'album-owner' } as const;
  app.get(
    '/:id/download-link',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'A short-lived signed URL to download.zip (works without headers, resumable)',
        params: ZEventIdParams,
        response: { 200: ZDownloadLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await service.downloadLink(albumOf(request)) };
    },
  );

  app.get(
    '/:id/download.zip',
    {
      config: { access: 'album-owner-or-link' },
      schema: {
        tags,
        security,
        summary:
          'The whole album as {eventName}_fotos.zip, streamed, exact Content-Length, Range honoured (bearer or the signed link); HEAD answers the same headers',
        description:
          'A strong ETag names the archive. A Range with an If-Range other than it gets the whole archive (200); a Range without If-Range on a link made for another version (its `v`), or an If-Match other than it, gets 412.',
        params: ZEventIdParams,
        querystring: ZZipQuery,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.albumZip(albumOf(request));
      return sendRanged(request, reply, file, {
        cacheControl: 'private, no-cache',
        disposition: attachmentHeader(fileName),
        linkEtag: linkEtagOf(request.query.v),
      });
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
      return { success: true as const, data: await service.selectionLink(albumOf(request), request.body.photoIds) };
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
      const { file, fileName } = await service.selectionZip(
        albumOf(request),
        request.params.digest,
        request.query.s ?? '',
      );
      return sendRanged(request, reply, file, {
        cacheControl: 'private, no-cache',
        disposition: attachmentHeader(fileName),
        linkEtag: linkEtagOf(request.query.v),
      });
    },
  );
};
