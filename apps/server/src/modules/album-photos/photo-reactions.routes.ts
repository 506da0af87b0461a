import {
  errorResponses,
  ZAddCommentRequest,
  ZCommentListQuery,
  ZCommentListResponse,
  ZCommentResponse,
  ZLikeResponse,
  ZPhotoIdParams,
  ZPhotoParams,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumOf, grantOf, guestPassOf } from '../access/index.js';
import type { AlbumPhotosService } from './album-photos.service.js';

const tags = ['guests'];
const errors = errorResponses(400, 401, 403, 404, 429);
const COMMENT_PAGE_SUMMARY =
  "A page of a photo's comments, newest first (pageSize up to 100, default 50); send nextCursor back as cursor for older ones";

/** Likes and comments on an album's photos, by the album's paths and by the photo-addressed ones. */
export const photoReactionsRoutes: FastifyPluginAsyncZod<{ photos: AlbumPhotosService }> = async (app, { photos }) => {
  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/albums/:albumId/photos/:photoId/likes',
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: liked ? 'Like a photo (idempotent)' : 'Take a like back (idempotent)',
        params: ZPhotoParams,
        response: { 200: ZLikeResponse, ...errors },
      },
      handler: async (request) => ({
        success: true as const,
        data: await photos.setLike(request.params.albumId, request.params.photoId, guestPassOf(request), liked),
      }),
    });
  }

  app.get(
    '/albums/:albumId/photos/:photoId/comments',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: COMMENT_PAGE_SUMMARY,
        params: ZPhotoParams,
        querystring: ZCommentListQuery,
        response: { 200: ZCommentListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.listComments(request.params.albumId, request.params.photoId, grantOf(request), request.query),
    }),
  );

  app.post(
    '/albums/:albumId/photos/:photoId/comments',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Comment on a photo as the guest (text, up to 500 characters)',
        params: ZPhotoParams,
        body: ZAddCommentRequest,
        response: { 201: ZCommentResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        data: await photos.addComment(
          request.params.albumId,
          request.params.photoId,
          guestPassOf(request),
          request.body.text,
        ),
      }),
  );

  // The photo-addressed paths: the album is found from the photo, then the same checks apply.
  app.post(
    '/photos/:photoId/like',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Toggle the guest’s like on a photo (X-Guest-Token)',
        params: ZPhotoIdParams,
        response: { 200: ZLikeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.toggleLike(request.params.photoId, guestPassOf(request)),
    }),
  );

  app.get(
    '/photos/:photoId/comments',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: COMMENT_PAGE_SUMMARY,
        params: ZPhotoIdParams,
        querystring: ZCommentListQuery,
        response: { 200: ZCommentListResponse, ...errors },
      },
    },
    async (request) => {
      const data = await photos.listComments(
        albumOf(request).album.id,
        request.params.photoId,
        grantOf(request),
        request.query,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/photos/:photoId/comments',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary: 'Comment on a photo as the guest (text, up to 500 characters)',
        params: ZPhotoIdParams,
        body: ZAddCommentRequest,
        response: { 201: ZCommentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const pass = guestPassOf(request);
      return reply.status(201).send({
        success: true,
        data: await photos.addComment(pass.album.album.id, request.params.photoId, pass, request.body.text),
      });
    },
  );
};
