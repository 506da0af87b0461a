import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_URL, hostWithCustomer, startCheckout, SUCCESS_URL } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The card form's post, sent where the page's form sends it (the session's path and its ?locale=). */
async function pay(sessionUrl: string, cardNumber: string, expiry = '12/34', cvc = '123') {
  const { pathname, search } = new URL(sessionUrl);
  return fetch(`${server.url}${pathname}/pay${search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry, cvc }).toString(),
  });
}

describe('the sandbox hosted checkout', () => {
  it('shows the plan, add-ons, total and a card form in the language the checkout asked for', async () => {
    const host = await hostWithCustomer(server);
    const start = (locale: 'es' | 'en') =>
      server.request('POST', '/api/stripe/create-checkout-session', {
        token: host.token,
        body: {
          priceId: ['price_plus_lifetime', 'price_addon_extra_guests'],
          customerId: host.customerId,
          successUrl: SUCCESS_URL,
          cancelUrl: CANCEL_URL,
          locale,
        },
      });
    const english = (await start('en')).body.data.url as string;
    expect(new URL(english).search).toBe('?locale=en');
    const page = await fetch(`${server.url}${new URL(english).pathname}${new URL(english).search}`, {
      headers: { 'accept-language': 'es-MX' },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    for (const text of [
      'Plus',
      'Extra guests',
      '$24.94 USD',
      'Card number',
      'Expiry',
      'CVC',
      'Pay $24.94 USD',
      'Back to your order',
    ])
      expect(html).toContain(text);
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');

    // The same cart again is the same order, on a new page in the new language.
    const spanish = (await start('es')).body.data.url as string;
    const pagina = await (
      await fetch(`${server.url}${new URL(spanish).pathname}${new URL(spanish).search}`, {
        headers: { 'accept-language': 'en-US' },
      })
    ).text();
    expect(pagina).toContain('<html lang="es">');
    for (const text of [
      'Plus',
      'Invitados extra',
      'Número de tarjeta',
      'Vencimiento',
      'Pagar $24.94 USD',
      'Volver a tu pedido',
    ])
      expect(pagina).toContain(text);
    expect(pagina).not.toContain('Card number');
  });

  it('falls back to the browser’s language, then Spanish, when the address names none', async () => {
    const host = await hostWithCustomer(server);
    const { pathname } = new URL((await startCheckout(server, host)).body.data.url);
    const open = async (acceptLanguage?: string) =>
      (
        await fetch(`${server.url}${pathname}`, {
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        })
      ).text();
    expect(await open('en-US,en;q=0.9')).toContain('Card number');
    expect(await open('fr-FR')).toContain('Número de tarjeta');
    expect(await open('es-MX')).toContain('Número de tarjeta');
  });

  it('pays with 4242, redirects to the success URL, and verify-session then says paid', async () => {
    const host = await hostWithCustomer(server);
    const { url, sessionId, orderId } = (await startCheckout(server, host)).body.data;
    const paid = await pay(url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://momentos.test/album/success?session_id=${sessionId}`);

    const verified = await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token: host.token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({
      sessionId,
      orderId,
      customerEmail: host.email,
      amountTotal: 2494,
      currency: 'usd',
      paymentStatus: 'paid',
    });
    const order = await server.request('GET', `/api/orders/${orderId}`, { token: host.token });
    expect(order.body.data.payment_status).toBe('completed');
  });

  it('declines 4000 0000 0000 0002 on the page and verify-session answers payment incomplete', async () => {
    const host = await hostWithCustomer(server);
    const { url, sessionId, orderId } = (await startCheckout(server, host)).body.data;
    const declined = await pay(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Tu tarjeta fue rechazada');
    const verified = await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token: host.token });
    expect(verified.status).toBe(402);
    expect(verified.body).toMatchObject({ code: 'PAYMENT_INCOMPLETE', message: 'Payment not completed or invalid' });
    expect(
      (await server.request('GET', `/api/orders/${orderId}`, { token: host.token })).body.data.payment_status,
    ).toBe('pending');
  });

  it('lets a declined card be retried with 4242 on the same session, which then pays', async () => {
    const host = await hostWithCustomer(server);
    const { url, sessionId, orderId } = (await startCheckout(server, host)).body.data;
    expect((await pay(url, '4000 0000 0000 0002')).status).toBe(402);
    const retried = await pay(url, '4242 4242 4242 4242');
    expect(retried.status).toBe(303);
    expect(retried.headers.get('location')).toBe(`http://momentos.test/album/success?session_id=${sessionId}`);
    const verified = await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token: host.token });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ orderId, paymentStatus: 'paid', amountTotal: 2494 });
    expect(
      (await server.request('GET', `/api/orders/${orderId}`, { token: host.token })).body.data.payment_status,
    ).toBe('completed');
  });

  it('keeps what was typed and names the field when a card detail is wrong', async () => {
    const host = await hostWithCustomer(server);
    const { url } = (await startCheckout(server, host)).body.data;
    const response = await pay(url, '4242 4242 4242 4242', '01/20');
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('La fecha de vencimiento no es válida');
    expect(html).toContain('value="4242 4242 4242 4242"');
  });

  it('does not let another user verify the session', async () => {
    const host = await hostWithCustomer(server);
    const stranger = await hostWithCustomer(server);
    const { url, sessionId } = (await startCheckout(server, host)).body.data;
    await pay(url, '4242424242424242');
    expect(
      (await server.request('GET', `/api/stripe/verify-session/${sessionId}`, { token: stranger.token })).status,
    ).toBe(404);
  });

  it('cannot be paid twice', async () => {
    const host = await hostWithCustomer(server);
    const { url } = (await startCheckout(server, host)).body.data;
    expect((await pay(url, '4242424242424242')).status).toBe(303);
    expect((await pay(url, '4242424242424242')).status).toBe(409);
  });
});
