import {
  errorResponses,
  ZCompleteResponse,
  ZCustomizationParams,
  ZCustomizationResponse,
  ZCustomizationsResponse,
  ZFontsResponse,
  ZPermissionsResponse,
  ZStartCustomizationRequest,
  ZUpdateCustomizationRequest,
  ZUpdateCustomizationResponse,
  ZValidateResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../access/index.js';
import type { CustomizationsService } from './customizations.service.js';

const errors = errorResponses(400, 401, 404, 409);
const tags = ['customizations'];
const security = [{ bearer: [] }];

export const customizationsRoutes: FastifyPluginAsyncZod<{ service: CustomizationsService }> = async (
  app,
  { service },
) => {
  const owner = { access: 'customization-owner' } as const;
  const signedIn = { access: 'signed-in' } as const;
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.post(
    '/start',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Start (or resume) the customization of a paid order',
        body: ZStartCustomizationRequest,
        response: { 200: ZCustomizationResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.start(userId(request), request.body.orderId),
      message: 'Customization ready',
    }),
  );

  app.get(
    '/my-customizations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The caller's customizations, newest first",
        response: { 200: ZCustomizationsResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.listMine(userId(request)) }),
  );

  app.get(
    '/fonts',
    {
      config: signedIn,
      schema: { tags, security, summary: 'The 15 personalization fonts', response: { 200: ZFontsResponse, ...errors } },
    },
    async () => ({ success: true as const, data: await service.listFonts() }),
  );

  app.get(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'One customization',
        params: ZCustomizationParams,
        response: { 200: ZCustomizationResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.get(request.params.id) }),
  );

  app.get(
    '/:id/permissions',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Fields the plan lets the host edit, and current values',
        params: ZCustomizationParams,
        response: { 200: ZPermissionsResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.permissions(request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Save fields; those the plan does not allow come back in rejectedFields',
        params: ZCustomizationParams,
        body: ZUpdateCustomizationRequest,
        response: { 200: ZUpdateCustomizationResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.update(request.params.id, request.body) }),
  );

  app.get(
    '/:id/validate',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Whether the customization can be finalized',
        params: ZCustomizationParams,
        response: { 200: ZValidateResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.validate(request.params.id) }),
  );

  app.post(
    '/:id/complete',
    {
      config: owner,
      schema: {
        tags,
        security,
        summary: 'Finalize: create the album with its access code',
        params: ZCustomizationParams,
        response: { 200: ZCompleteResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.complete(request.params.id) }),
  );
};
