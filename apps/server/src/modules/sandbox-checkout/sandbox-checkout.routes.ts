import { ZSingleLineText } from '@momentos/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxProvider } from '../../platform/payments/sandbox/sandbox-provider.js';
import type { PaymentConfirmationService } from '../checkout/index.js';
import { preferredLanguage, type SiteLanguage } from '../../platform/http/accept-language.js';
import { checkCard } from './card-check.js';
import { renderSandboxNotFound, renderSandboxPage, type SandboxPageState } from './sandbox-page.js';

const ZParams = z.object({ sessionId: ZSingleLineText.min(1).max(200) });
const ZPayForm = z.object({
  cardNumber: ZSingleLineText.max(40).optional(),
  expiry: ZSingleLineText.max(10).optional(),
  cvc: ZSingleLineText.max(6).optional(),
});

/** The language the checkout asked for (`?locale=`, in the session's address), else the browser's, else Spanish. */
function languageOf(request: FastifyRequest): SiteLanguage {
  const asked = (request.query as Record<string, unknown> | undefined)?.locale;
  if (asked === 'es' || asked === 'en') return asked;
  return preferredLanguage(request.headers['accept-language']) ?? 'es';
}

/**
 * The sandbox provider's hosted card page. Paying confirms the order through the same
 * confirmation path a provider's webhook uses.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<{
  sandbox: SandboxProvider;
  confirmation: PaymentConfirmationService;
}> = async (app, { sandbox, confirmation }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  // A session id no session could have (too long, control characters) is simply not found.
  const sessionOf = async (params: unknown) => {
    const parsed = ZParams.safeParse(params);
    return parsed.success ? sandbox.sessions.find(parsed.data.sessionId) : undefined;
  };

  app.get(
    '/sandbox/checkout/:sessionId',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const language = languageOf(request);
      const session = await sessionOf(request.params);
      if (!session) return sendPage(reply, 404, renderSandboxNotFound(language));
      return sendPage(reply, 200, renderSandboxPage(session, language));
    },
  );

  app.post(
    '/sandbox/checkout/:sessionId/pay',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const language = languageOf(request);
      const session = await sessionOf(request.params);
      if (!session) return sendPage(reply, 404, renderSandboxNotFound(language));
      const sessionId = session.id;
      const form = ZPayForm.safeParse(request.body ?? {});
      const values = form.success ? form.data : {};
      const render = (status: number, state: SandboxPageState) =>
        sendPage(reply, status, renderSandboxPage(session, language, { values, ...state }));
      if (!form.success) return render(400, { error: { field: 'form' } });
      if (session.status !== 'open') return render(409, {});

      const check = checkCard(values);
      if (check.outcome === 'invalid') return render(400, { error: { field: check.field, problem: check.problem } });
      if (check.outcome === 'decline') {
        await sandbox.sessions.markDeclined(sessionId);
        return render(402, { declined: true, values: {} });
      }
      await sandbox.sessions.markPaid(sessionId);
      await confirmation.confirmCheckoutSession(sessionId);
      return reply.redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)), 303);
    },
  );
};
