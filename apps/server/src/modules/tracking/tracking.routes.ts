import {
  errorResponses,
  ZInitialFormRequest,
  ZOkResponse,
  ZTrackBatchRequest,
  ZTrackEventRequest,
  ZTrackResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TrackingService } from './tracking.service.js';

const tags = ['tracking'];
const errors = errorResponses(400, 413, 429);

export const trackingRoutes: FastifyPluginAsyncZod<{ trackingService: TrackingService }> = async (
  app,
  { trackingService },
) => {
  app.post(
    '/tracking/track',
    {
      config: { access: 'public' },
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: 'Store one usage event',
        body: ZTrackEventRequest,
        response: { 202: ZTrackResponse, ...errors },
      },
    },
    async (request, reply) => {
      const stored = await trackingService.recordEvents([request.body], request.ip);
      return reply.status(202).send({ success: true, stored });
    },
  );

  app.post(
    '/tracking/batch',
    {
      config: { access: 'public' },
      bodyLimit: 256 * 1024,
      schema: {
        tags,
        summary: 'Store a flushed offline queue of events',
        body: ZTrackBatchRequest,
        response: { 202: ZTrackResponse, ...errors },
      },
    },
    async (request, reply) => {
      const stored = await trackingService.recordEvents(request.body.events, request.ip);
      return reply.status(202).send({ success: true, stored });
    },
  );

  app.post(
    '/initial-form',
    {
      config: { access: 'public' },
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: "A visitor's geolocation, sent once per browser",
        body: ZInitialFormRequest,
        response: { 201: ZOkResponse, ...errors },
      },
    },
    async (request, reply) => {
      await trackingService.recordInitialForm(request.body, request.ip);
      return reply.status(201).send({ success: true });
    },
  );
};
