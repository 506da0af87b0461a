import {
  ZCustomizationParams,
  ZErrorResponse,
  ZItineraryEntryInput,
  ZItineraryEntryParams,
  ZItineraryEntryResponse,
  ZItineraryOrderRequest,
  ZItineraryResponse,
  ZOkResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type AuthGuards } from '../auth/auth.guard.js';
import type { ItineraryService } from './itinerary.service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const tags = ['itinerary'];
const security = [{ bearer: [] }];

export const itineraryRoutes: FastifyPluginAsyncZod<{ service: ItineraryService; guards: AuthGuards }> = async (app, { service, guards }) => {
  app.addHook('onRequest', guards.requireUser);
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/:id/itinerary',
    { schema: { tags, security, summary: 'The event itinerary, in order', params: ZCustomizationParams, response: { 200: ZItineraryResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await service.list(userId(request), request.params.id) }),
  );
  app.post(
    '/:id/itinerary',
    { schema: { tags, security, summary: 'Add an itinerary entry at the end', params: ZCustomizationParams, body: ZItineraryEntryInput, response: { 200: ZItineraryEntryResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await service.add(userId(request), request.params.id, request.body) }),
  );
  app.put(
    '/:id/itinerary/order',
    { schema: { tags, security, summary: 'Reorder the itinerary', params: ZCustomizationParams, body: ZItineraryOrderRequest, response: { 200: ZItineraryResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await service.reorder(userId(request), request.params.id, request.body.ids) }),
  );
  app.put(
    '/:id/itinerary/:entryId',
    { schema: { tags, security, summary: 'Edit an itinerary entry', params: ZItineraryEntryParams, body: ZItineraryEntryInput, response: { 200: ZItineraryEntryResponse, ...errors } } },
    async (request) => ({ success: true as const, data: await service.update(userId(request), request.params.id, request.params.entryId, request.body) }),
  );
  app.delete(
    '/:id/itinerary/:entryId',
    { schema: { tags, security, summary: 'Delete an itinerary entry', params: ZItineraryEntryParams, response: { 200: ZOkResponse, ...errors } } },
    async (request) => {
      await service.remove(userId(request), request.params.id, request.params.entryId);
      return { success: true as const };
    },
  );
};
