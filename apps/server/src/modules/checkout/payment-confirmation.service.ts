import { ErrorCode } from '@momentos/contract';
import { AppError } from '../../platform/http/app-error.js';
import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderCheckoutSession,
} from '../../platform/payments/payment-provider.js';
import { createCheckoutRepository, type CheckoutRepository } from './checkout.repository.js';

/**
 * Applies the provider's word on a payment. Every path (webhook, verify-session, the sandbox
 * page) re-reads the session from the provider instead of trusting what it was handed, and
 * is idempotent: confirming twice changes nothing.
 */
export function createPaymentConfirmationService(repo: CheckoutRepository, provider: PaymentProvider) {
  async function subscriptionPaidUntil(subscriptionId: string | null) {
    if (!subscriptionId) return null;
    return (await provider.retrieveSubscription(subscriptionId))?.currentPeriodEnd ?? null;
  }

  /**
   * A paid add-on order (add-ons only, bought for an album that exists) adds them to that album.
   * The album comes from the session's metadata, which only this server writes, and must be the
   * order's owner's. Run on every confirmation, not only the first: it is idempotent, so a crash
   * between marking the order paid and applying it heals on the next webhook or verify-session.
   */
  async function applyAddonOrder(orderId: string, session: ProviderCheckoutSession) {
    const albumId = session.metadata.albumId;
    if (!albumId) return;
    const order = await repo.findOrder(orderId);
    if (!order || order.paymentStatus !== 'completed') return;
    const items = await repo.orderProducts(order.id);
    if (items.length === 0 || items.some((item) => !item.isAddon || !item.addonType)) return;
    await repo.applyAddonOrder(
      order,
      albumId,
      items.map((item) => item.addonType!),
    );
  }

  async function confirmCheckoutSession(sessionId: string) {
    const session = await provider.retrieveCheckoutSession(sessionId);
    const order = await repo.findOrderBySession(sessionId);
    if (!session || !order) return undefined;
    if (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required') {
      await repo.completeOrder(order.id, {
        providerSubscriptionId: session.subscriptionId,
        paidUntil: await subscriptionPaidUntil(session.subscriptionId),
      });
      await applyAddonOrder(order.id, session);
    } else if (session.status === 'expired') {
      await repo.failOrder(order.id);
    }
    return { session, order: (await repo.findOrder(order.id))! };
  }

  return {
    confirmCheckoutSession,

    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      let event;
      try {
        event = provider.verifyWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw AppError.badRequest(`Invalid webhook signature: ${error.message}`, ErrorCode.INVALID_WEBHOOK_SIGNATURE);
        }
        throw error;
      }
      // Read the provider's current state before the transaction; the transaction only writes.
      const session = event.type.startsWith('checkout.session.')
        ? await provider.retrieveCheckoutSession(event.objectId)
        : undefined;
      const subscription = event.subscriptionId ? await provider.retrieveSubscription(event.subscriptionId) : undefined;

      const applied = await repo.applyEventOnce(
        { id: event.id, provider: provider.name, type: event.type },
        async (tx) => {
          // Inside the transaction every query must go through it (PGlite has one connection).
          const txRepo = createCheckoutRepository(tx);
          const order = session ? await txRepo.findOrderBySession(session.id) : undefined;
          switch (event.type) {
            case 'checkout.session.completed':
            case 'checkout.session.async_payment_succeeded':
              if (
                order &&
                session &&
                (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')
              ) {
                await txRepo.completeOrder(order.id, {
                  providerSubscriptionId: session.subscriptionId,
                  paidUntil: subscription?.currentPeriodEnd ?? null,
                });
              }
              break;
            case 'checkout.session.async_payment_failed':
              if (order) await txRepo.failOrder(order.id);
              break;
            case 'invoice.paid':
              if (subscription)
                await txRepo.updateSubscription(subscription.id, { paidUntil: subscription.currentPeriodEnd });
              break;
            case 'customer.subscription.deleted':
              if (subscription) {
                await txRepo.updateSubscription(subscription.id, {
                  subscriptionEndedAt: subscription.endedAt ?? new Date(),
                });
              }
              break;
          }
        },
      );
      if (session && (session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required')) {
        const order = await repo.findOrderBySession(session.id);
        if (order) await applyAddonOrder(order.id, session);
      }
      return { applied, type: event.type };
    },
  };
}

export type PaymentConfirmationService = ReturnType<typeof createPaymentConfirmationService>;
