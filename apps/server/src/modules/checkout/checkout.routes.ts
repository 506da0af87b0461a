import {
  errorResponses,
  ZCreateCheckoutSessionRequest,
  ZCreateCheckoutSessionResponse,
  ZCreateCustomerRequest,
  ZCreateCustomerResponse,
  ZOrderParams,
  ZOrderResponse,
  ZOrdersResponse,
  ZSessionIdParams,
  ZVerifySessionResponse,
} from '@momentos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../platform/http/accept-language.js';
import { currentUser } from '../access/index.js';
import type { CheckoutService } from './checkout.service.js';

const errors = errorResponses(400, 401, 404, 429, 502);

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkoutService: CheckoutService }> = async (
  app,
  { checkoutService },
) => {
  // The policy answers an anonymous caller 401 before its body is even validated.
  const signedIn = { access: 'signed-in' } as const;
  const security = [{ bearer: [] }];

  app.post(
    '/stripe/customers',
    {
      config: signedIn,
      schema: {
        tags: ['checkout'],
        summary: "The signed-in user's payment customer",
        security,
        body: ZCreateCustomerRequest,
        response: { 200: ZCreateCustomerResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await checkoutService.getOrCreateCustomer(currentUser(request), request.body.email),
    }),
  );

  app.post(
    '/stripe/create-checkout-session',
    {
      config: signedIn,
      schema: {
        tags: ['checkout'],
        summary: 'Start paying for a plan and its add-ons',
        security,
        body: ZCreateCheckoutSessionRequest,
        response: { 200: ZCreateCheckoutSessionResponse, ...errors },
      },
    },
    async (request) => {
      const locale = preferredLanguage(request.headers['accept-language']);
      return {
        success: true as const,
        data: await checkoutService.createCheckoutSession(currentUser(request), request.body, locale),
      };
    },
  );

  app.get(
    '/stripe/verify-session/:sessionId',
    {
      config: signedIn,
      schema: {
        tags: ['checkout'],
        summary: 'Whether a checkout session was paid',
        security,
        params: ZSessionIdParams,
        response: { 200: ZVerifySessionResponse, ...errorResponses(402), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await checkoutService.verifySession(currentUser(request), request.params.sessionId),
    }),
  );

  app.get(
    '/orders',
    {
      config: signedIn,
      schema: {
        tags: ['orders'],
        summary: "The signed-in user's orders, newest first",
        security,
        response: { 200: ZOrdersResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await checkoutService.listOrders(currentUser(request)) }),
  );

  app.get(
    '/orders/:orderId',
    {
      config: { access: 'order-owner' },
      schema: {
        tags: ['orders'],
        summary: 'One of the signed-in user’s orders',
        security,
        params: ZOrderParams,
        response: { 200: ZOrderResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await checkoutService.getOrder(request.params.orderId) }),
  );
};
