import {
  errorResponses,
  ZAlbumIdParams,
  ZCreateSectionRequest,
  ZEventIdParams,
  ZOkResponse,
  ZSectionListResponse,
  ZSectionParams,
  ZSectionResponse,
  ZUpdateSectionRequest,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf } from '../access/index.js';
import type { SectionsService } from './sections.service.js';

const errors = errorResponses(400, 401, 403, 404);

/** Guests' side under /api: the album's sections, to pick one when uploading or to filter by. */
export const sectionsRoutes: FastifyPluginAsyncZod<{ service: SectionsService }> = async (app, { service }) => {
  app.get(
    '/albums/:albumId/sections',
    {
      config: { access: 'album-reader' },
      schema: {
        tags: ['sections'],
        summary: "The album's sections in order (X-Guest-Token or X-Album-Code); none: the album is one part",
        params: ZAlbumIdParams,
        response: { 200: ZSectionListResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { album } = albumOf(request);
      return { success: true as const, data: await service.listForGuests(album.id, album.packageSnapshot) };
    },
  );
};

const owner = { access: 'album-owner' } as const;
const tags = ['events'];
const security = [{ bearer: [] }];

/** The host's side under /api/events: list, create, rename, move and delete sections. */
export const hostSectionsRoutes: FastifyPluginAsyncZod<{ service: SectionsService }> = async (app, { service }) => {
  app.get(
    '/:id/sections',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "The album's sections in order, with each one's photo count and the plan's count",
        params: ZEventIdParams,
        response: { 200: ZSectionListResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { album } = albumOf(request);
      return { success: true as const, data: await service.listForOwner(album.id, album.packageSnapshot) };
    },
  );

  app.post(
    '/:id/sections',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary:
          "Add a section last ({ name }); the plan's section count includes the album's main part, so Basic adds none",
        params: ZEventIdParams,
        body: ZCreateSectionRequest,
        response: { 201: ZSectionResponse, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { album } = albumOf(request);
      const data = await service.create(album.id, album.packageSnapshot, request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.patch(
    '/:id/sections/:sectionId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Rename a section ({ name }) or move it to a 0-based position ({ position }); the others shift',
        params: ZSectionParams,
        body: ZUpdateSectionRequest,
        response: { 200: ZSectionResponse, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(request.params.id, request.params.sectionId, request.body),
    }),
  );

  app.delete(
    '/:id/sections/:sectionId',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: "Delete a section: its photos stay in the album's main part",
        params: ZSectionParams,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.params.sectionId);
      return { success: true as const };
    },
  );
};
