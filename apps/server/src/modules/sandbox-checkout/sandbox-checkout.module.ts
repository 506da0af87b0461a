import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isSandboxProvider } from '../../platform/payments/create-payment-provider.js';
import type { PaymentProvider } from '../../platform/payments/payment-provider.js';
import { checkoutOf } from '../checkout/index.js';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.js';

/** The sandbox provider's hosted card page, only while the sandbox is the payment provider. */
async function sandboxCheckout(app: FastifyInstance, { paymentProvider }: { paymentProvider: PaymentProvider }) {
  if (!isSandboxProvider(paymentProvider)) return;
  await app.register(sandboxCheckoutRoutes, { sandbox: paymentProvider, confirmation: checkoutOf(app).confirmation });
}

export const sandboxCheckoutModule = fp(sandboxCheckout, { name: 'sandbox-checkout', dependencies: ['checkout'] });
