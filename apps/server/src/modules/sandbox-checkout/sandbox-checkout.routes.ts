import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxProvider } from '../../platform/payments/sandbox/sandbox-provider.js';
import type { PaymentConfirmationService } from '../checkout/payment-confirmation.service.js';
import { checkCard } from './card-check.js';
import { renderSandboxPage, type SandboxPageState } from './sandbox-page.js';

const ZParams = z.object({ sessionId: z.string().min(1).max(200) });
const ZPayForm = z.object({
  cardNumber: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(6).optional(),
});

/**
 * The sandbox provider's hosted card page. Paying confirms the order through the same
 * confirmation path a provider's webhook uses.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<{ sandbox: SandboxProvider; confirmation: PaymentConfirmationService }> = async (
  app,
  { sandbox, confirmation },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get('/sandbox/checkout/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = ZParams.parse(request.params);
    const session = await sandbox.sessions.find(sessionId);
    if (!session) return sendPage(reply, 404, '<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>');
    return sendPage(reply, 200, renderSandboxPage(session));
  });

  app.post('/sandbox/checkout/:sessionId/pay', { schema: { hide: true } }, async (request, reply) => {
    const { sessionId } = ZParams.parse(request.params);
    const session = await sandbox.sessions.find(sessionId);
    if (!session) return sendPage(reply, 404, '<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>');
    const form = ZPayForm.safeParse(request.body ?? {});
    const values = form.success ? form.data : {};
    const render = (status: number, state: SandboxPageState) => sendPage(reply, status, renderSandboxPage(session, { values, ...state }));
    if (!form.success) return render(400, { error: { field: 'form', message: 'The form could not be read. Please try again.' } });
    if (session.status !== 'open') return render(409, {});

    const check = checkCard(values);
    if (check.outcome === 'invalid') return render(400, { error: { field: check.field, message: check.message } });
    if (check.outcome === 'decline') {
      await sandbox.sessions.markDeclined(sessionId);
      return render(402, { declined: true, values: {} });
    }
    await sandbox.sessions.markPaid(sessionId);
    await confirmation.confirmCheckoutSession(sessionId);
    return reply.redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)), 303);
  });
};
