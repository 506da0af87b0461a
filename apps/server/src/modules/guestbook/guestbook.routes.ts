import multipart from '@fastify/multipart';
import {
  errorResponses,
  VOICE_NOTE_MAX_BYTES,
  ZAlbumIdParams,
  ZGuestMessagesResponse,
  ZMessageListQuery,
  ZMessageParams,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZRenditionQuery,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.js';
import { sendRanged } from '../../platform/http/ranged-reply.js';
import { albumOf, grantOf, guestPassOf } from '../access/index.js';
import type { GuestbookService } from './guestbook.service.js';
import { readMessageForm } from './message-reading.js';

const tags = ['guestbook'];
const errors = errorResponses(400, 401, 403, 404, 413, 415, 422, 429);

/** The guests' guestbook under /api/albums: leave a message, read the public guestbook, play a voice note (or its copy). */
export const guestbookRoutes: FastifyPluginAsyncZod<{ service: GuestbookService; stagingDir: string }> = async (
  app,
  { service, stagingDir },
) => {
  await app.register(multipart, { limits: { fileSize: VOICE_NOTE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

  app.post(
    '/albums/:albumId/messages',
    {
      config: { access: 'album-guest' },
      schema: {
        tags,
        summary:
          'Leave the hosts a message (X-Guest-Token): JSON { text, authorName? }, or multipart with "text", "authorName" and a "voice" file (Plus and above; WebM, Ogg, MP4/M4A, AAC or MP3, up to 60 s and 5 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        params: ZAlbumIdParams,
        // Null for multipart, whose fields are read from the stream (message-reading.ts).
        body: ZPostMessageRequest.nullish(),
        response: { 201: ZPostMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const pass = guestPassOf(request);
      const voiceAllowed = pass.album.album.packageSnapshot.voiceNotes;
      const input = request.isMultipart() ? await readMessageForm(request, stagingDir, voiceAllowed) : request.body;
      if (!input) throw AppError.badRequest('Send the message as JSON { "text": … } or as multipart/form-data');
      return reply.status(201).send({ success: true, data: await service.post(pass, input) });
    },
  );

  app.get(
    '/albums/:albumId/messages',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary:
          'The guestbook as guests see it (X-Guest-Token or X-Album-Code): approved messages, newest first, once the host made it public',
        params: ZAlbumIdParams,
        querystring: ZMessageListQuery,
        response: { 200: ZGuestMessagesResponse, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const { page, pageSize } = request.query;
      return { success: true as const, data: await service.list(albumOf(request), page, pageSize) };
    },
  );

  app.get(
    '/albums/:albumId/messages/:messageId/voice',
    {
      config: { access: 'album-reader-or-link' },
      schema: {
        tags,
        summary: "A message's voice note (the signed voiceUrl, or the guest headers); honours Range",
        params: ZMessageParams,
        querystring: ZRenditionQuery,
      },
    },
    async (request, reply) => sendRanged(request, reply, await service.voice(request.params, grantOf(request))),
  );

  app.get(
    '/albums/:albumId/messages/:messageId/voice.m4a',
    {
      config: { access: 'album-reader-or-link' },
      schema: {
        tags,
        summary:
          "A voice note's AAC copy (audio/mp4; the voiceUrl once it is made, 404 before), for the same callers as the recording; honours Range",
        params: ZMessageParams,
        querystring: ZRenditionQuery,
      },
    },
    async (request, reply) => sendRanged(request, reply, await service.voice(request.params, grantOf(request), 'copy')),
  );
};
