import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '../src/db/schema/index.js';
import type { TestServer } from './test-server.js';
import { recordSecret } from '../../../e2e/support/test-run.js';

export function uniqueEmail(label = 'host'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Registers a new host through the API and returns its credentials and session. */
export async function registerUser(server: TestServer, email = uniqueEmail(), password = 'correct-horse-9') {
  const response = await server.request('POST', '/api/auth/register', { body: { email, password } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, password, session: response.body.data.session, user: response.body.data.user };
}

/** The token in the newest link e-mailed to `to`; the outbox is the edge where mail leaves. */
export async function lastEmailedToken(server: TestServer, to: string): Promise<string> {
  const [email] = await server.app.services.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  const token = email?.textBody.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no link e-mailed to ${to}`);
  recordSecret(token, 'e-mailed token');
  return token;
}

/** The sandbox's paying test card: a card number must never reach a log either. */
export const TEST_CARD = '4242424242424242';
export const SUCCESS_URL = 'http://momentos.test/album/success?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_URL = 'http://momentos.test/checkout/step/3';

/** A signed-in host with a payment customer, ready to check out. */
export async function hostWithCustomer(server: TestServer) {
  const host = await registerUser(server);
  const customer = await server.request('POST', '/api/stripe/customers', {
    token: host.session.access_token,
    body: { email: host.email },
  });
  if (customer.status !== 200) throw new Error(`customer failed: ${customer.status} ${JSON.stringify(customer.body)}`);
  return { ...host, token: host.session.access_token as string, customerId: customer.body.data.id as string };
}

export async function startCheckout(
  server: TestServer,
  host: { token: string; customerId: string },
  priceId: string[] = ['price_plus_lifetime', 'price_addon_extra_guests'],
) {
  return server.request('POST', '/api/stripe/create-checkout-session', {
    token: host.token,
    body: { priceId, customerId: host.customerId, successUrl: SUCCESS_URL, cancelUrl: CANCEL_URL },
  });
}

/** Pays a checkout through the sandbox's card form, as a host's browser would. */
export async function payOrder(server: TestServer, host: { token: string; customerId: string }, priceId?: string[]) {
  const { url, sessionId, orderId } = (await startCheckout(server, host, priceId)).body.data;
  recordSecret(TEST_CARD, 'card number');
  const paid = await fetch(`${server.url}${new URL(url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: TEST_CARD, expiry: '12/34', cvc: '123' }).toString(),
  });
  if (paid.status !== 303) throw new Error(`sandbox payment failed: ${paid.status}`);
  return { orderId: orderId as string, sessionId: sessionId as string };
}

/** A host with a paid order for `priceId` and a started customization. */
export async function hostWithCustomization(server: TestServer, priceId: string[] = ['price_plus_lifetime']) {
  const host = await hostWithCustomer(server);
  const { orderId } = await payOrder(server, host, priceId);
  const started = await server.request('POST', '/api/customizations/start', { token: host.token, body: { orderId } });
  if (started.status !== 200) throw new Error(`start failed: ${started.status} ${JSON.stringify(started.body)}`);
  return { ...host, orderId, customizationId: started.body.data.id as string };
}
