import { PassThrough } from 'node:stream';
import {
  ALBUM_LIVE_PHOTO_EVENT,
  ALBUM_LIVE_VIDEO_EVENT,
  errorResponses,
  ZAlbumIdParams,
  ZAlbumLiveQuery,
  ZSlideshowResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestLinkOf, renderGuestQr } from './guest-qr.js';
import { albumOf } from '../access/index.js';
import type { AlbumEvents } from './album-events.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['album-live'];
/** Proxies and phone networks drop a silent connection after 30–60 s; a comment line keeps it open. */
export const HEARTBEAT_MS = 20_000;

export interface AlbumLiveOptions {
  events: AlbumEvents;
  publicUrl: string;
  heartbeatMs?: number;
}

/** `GET /api/albums/{id}/live` (server-sent events) and the slideshow's details and QR code. */
export const albumLiveRoutes: FastifyPluginAsyncZod<AlbumLiveOptions> = async (
  app,
  { events, publicUrl, heartbeatMs = HEARTBEAT_MS },
) => {
  app.get(
    '/albums/:albumId/live',
    {
      // EventSource and <img> cannot send headers: these routes also take the code as `?code=`.
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: `Server-sent events: "${ALBUM_LIVE_PHOTO_EVENT}" with {photoId} when a photo becomes visible to everyone, "${ALBUM_LIVE_VIDEO_EVENT}" when a video's playback copy is ready or failed (X-Guest-Token, X-Album-Code or ?code=)`,
        params: ZAlbumIdParams,
        querystring: ZAlbumLiveQuery,
      },
    },
    async (request, reply) => {
      const { albumId } = request.params;
      const stream = new PassThrough();
      const write = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        if (!stream.writableEnded) stream.end();
      };
      const unsubscribe = events.subscribe(
        albumId,
        (event) => write(`event: ${event.type}\ndata: ${JSON.stringify({ photoId: event.photoId })}\n\n`),
        end,
      );
      request.raw.on('close', end);
      // The first bytes flush the headers, so the client knows it is subscribed; retry: reconnect after 3 s.
      write(': connected\nretry: 3000\n\n');
      return (
        reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // One stream per connection: when the server ends it (shutdown), the socket goes too.
          .header('connection', 'close')
          .send(stream)
      );
    },
  );

  app.get(
    '/albums/:albumId/slideshow',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: "The slideshow's album name, font, guest link and QR code (X-Album-Code, X-Guest-Token or ?code=)",
        params: ZAlbumIdParams,
        querystring: ZAlbumLiveQuery,
        response: { 200: ZSlideshowResponse, ...errors },
      },
    },
    async (request, reply) => {
      const album = albumOf(request);
      const { id, accessCode } = album.album;
      void reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: {
          albumId: id,
          name: album.eventName,
          fontFamily: album.fontType || 'Arial',
          accessCode,
          guestLink: guestLinkOf(publicUrl, accessCode),
          qrUrl: `/api/albums/${id}/slideshow/qr.svg?code=${accessCode}`,
        },
      };
    },
  );

  // The owner's QR route needs the host's session; this one serves the same picture to anyone
  // who already holds the code it encodes, so a projector's browser can show it.
  app.get(
    '/albums/:albumId/slideshow/qr.svg',
    {
      config: { access: 'album-reader' },
      schema: {
        tags,
        summary: 'QR code of the guest link, for code holders',
        params: ZAlbumIdParams,
        querystring: ZAlbumLiveQuery,
      },
    },
    async (request, reply) => {
      const qr = await renderGuestQr(guestLinkOf(publicUrl, albumOf(request).album.accessCode), 'svg');
      return reply.type(qr.type).header('cache-control', 'private, max-age=3600').send(qr.body);
    },
  );
};
