import {
  errorResponses,
  ZCustomizationParams,
  ZItineraryEntryInput,
  ZItineraryEntryParams,
  ZItineraryEntryResponse,
  ZItineraryOrderRequest,
  ZItineraryResponse,
  ZOkResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ItineraryService } from './itinerary.service.js';

const errors = errorResponses(400, 401, 404);
const tags = ['itinerary'];
const security = [{ bearer: [] }];

export const itineraryRoutes: FastifyPluginAsyncZod<{ service: ItineraryService }> = async (app, { service }) => {
  const config = { access: 'customization-owner' } as const;

  app.get(
    '/:id/itinerary',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'The event itinerary, in order',
        params: ZCustomizationParams,
        response: { 200: ZItineraryResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.list(request.params.id) }),
  );
  app.post(
    '/:id/itinerary',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Add an itinerary entry at the end',
        params: ZCustomizationParams,
        body: ZItineraryEntryInput,
        response: { 200: ZItineraryEntryResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.add(request.params.id, request.body) }),
  );
  app.put(
    '/:id/itinerary/order',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Reorder the itinerary',
        params: ZCustomizationParams,
        body: ZItineraryOrderRequest,
        response: { 200: ZItineraryResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.reorder(request.params.id, request.body.ids) }),
  );
  app.put(
    '/:id/itinerary/:entryId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Edit an itinerary entry',
        params: ZItineraryEntryParams,
        body: ZItineraryEntryInput,
        response: { 200: ZItineraryEntryResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(request.params.id, request.params.entryId, request.body),
    }),
  );
  app.delete(
    '/:id/itinerary/:entryId',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Delete an itinerary entry',
        params: ZItineraryEntryParams,
        response: { 200: ZOkResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.params.entryId);
      return { success: true as const };
    },
  );
};
