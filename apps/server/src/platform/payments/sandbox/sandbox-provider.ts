import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client.js';
import { WebhookSignatureError, type PaymentProvider } from '../payment-provider.js';
import { createSandboxSessionsRepository } from './sandbox-sessions.repository.js';

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('base64url')}`;

/**
 * The built-in provider: keeps its sessions in our database and hosts its own card page at
 * /sandbox/checkout/{id}, so the whole purchase works offline with no account anywhere.
 */
export function createSandboxProvider(
  db: Database,
  publicUrl: string,
): PaymentProvider & {
  sessions: ReturnType<typeof createSandboxSessionsRepository>;
} {
  const sessions = createSandboxSessionsRepository(db);
  return {
    name: 'sandbox',
    sessions,
    async createCustomer() {
      return { id: sandboxId('cus') };
    },
    async createCheckoutSession(input) {
      const id = sandboxId('cs');
      await sessions.insert({
        id,
        customerId: input.customerId,
        customerEmail: input.customerEmail,
        mode: input.mode,
        lineItems: input.lineItems.map(({ name, amountMinor }) => ({ name, amountMinor })),
        amountTotal: input.lineItems.reduce((sum, item) => sum + item.amountMinor, 0),
        currency: input.currency,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
      });
      // Like Stripe's `locale`, the card page's language; carried in its address, as nothing else reads it.
      return { id, url: `${publicUrl}/sandbox/checkout/${id}?locale=${input.locale}` };
    },
    async retrieveCheckoutSession(sessionId) {
      const row = await sessions.find(sessionId);
      if (!row) return undefined;
      return {
        id: row.id,
        status: row.status,
        paymentStatus: row.paymentStatus,
        amountTotal: row.amountTotal,
        currency: row.currency,
        customerEmail: row.customerEmail,
        subscriptionId: row.mode === 'subscription' && row.paymentStatus === 'paid' ? `sub_for_${row.id}` : null,
        metadata: row.metadata,
      };
    },
    async expireCheckoutSession(sessionId) {
      await sessions.markExpired(sessionId);
    },
    async retrieveSubscription() {
      return undefined;
    },
    verifyWebhook() {
      // The sandbox confirms payments directly; it never sends webhooks.
      throw new WebhookSignatureError('The sandbox provider does not send webhooks');
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
