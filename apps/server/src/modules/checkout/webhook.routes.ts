import { errorResponses, ZWebhookResponse } from '@momentos/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentConfirmationService } from './payment-confirmation.service.js';

/** POST /api/stripe/webhook: the signature is checked over the exact bytes Stripe sent. */
export const webhookRoutes: FastifyPluginAsync<{ confirmation: PaymentConfirmationService }> = async (
  app,
  { confirmation },
) => {
  // Encapsulated: only this plugin's routes keep the body as raw bytes.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['checkout'],
        summary: 'Stripe webhook (signed)',
        response: { 200: ZWebhookResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const result = await confirmation.handleWebhook(
        request.body as Buffer,
        Array.isArray(signature) ? signature[0] : signature,
      );
      request.log.info({ eventType: result.type, applied: result.applied }, 'payment webhook');
      return { received: true as const, applied: result.applied };
    },
  );
};
