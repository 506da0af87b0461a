import http from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeObject = Record<string, unknown> & { id: string };

/** Reads Stripe's form encoding (`line_items[0][price]=…`) into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return result;
}

/**
 * A small Stripe-shaped HTTP server for tests: the real `stripe` SDK talks to it through
 * STRIPE_API_URL. It keeps customers, checkout sessions, subscriptions, products and prices.
 */
export async function startFakeStripe(priceAmounts: Record<string, number> = {}) {
  const store = {
    customers: new Map<string, StripeObject>(),
    sessions: new Map<string, StripeObject>(),
    subscriptions: new Map<string, StripeObject>(),
    products: new Map<string, StripeObject>(),
    prices: new Map<string, StripeObject>(),
  };
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  // "POST /v1/customers" → the status every such request answers until `recover()`.
  const failures = new Map<string, number>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake_${++counter}`;

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): [number, unknown] {
    const [, , resource, id] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: nextId('cus'), object: 'customer', email: body.email };
      store.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as Array<{ price: string }>) ?? [];
      const session = {
        id: nextId('cs'),
        object: 'checkout.session',
        url: `https://checkout.stripe.test/pay/${counter}`,
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: items.reduce(
          (sum, item) => sum + (priceAmounts[item.price] ?? (store.prices.get(item.price)?.unit_amount as number) ?? 0),
          0,
        ),
        currency: 'usd',
        customer: body.customer,
        customer_details: { email: store.customers.get(body.customer as string)?.email ?? null },
        subscription: null,
        metadata: body.metadata ?? {},
        line_items_requested: items,
        success_url: body.success_url,
        locale: body.locale ?? null,
      };
      store.sessions.set(session.id, session);
      return [200, session];
    }
    if (method === 'POST' && /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(path)) {
      // Stripe expires only an open session, and refuses anything else.
      const session = store.sessions.get(path.split('/')[4]!);
      if (!session) return [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
      if (session.status !== 'open')
        return [400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } }];
      session.status = 'expired';
      return [200, session];
    }
    if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = store.sessions.get(path.split('/')[4]!);
      return session
        ? [200, session]
        : [404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } }];
    }
    if (method === 'GET' && resource === 'subscriptions' && id) {
      const subscription = store.subscriptions.get(id);
      return subscription
        ? [200, subscription]
        : [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = query.getAll('lookup_keys[]').concat(query.getAll('lookup_keys[0]'));
      const data = [...store.prices.values()].filter((price) => keys.includes(price.lookup_key as string));
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (method === 'POST' && path === '/v1/products') {
      const product = { id: nextId('prod'), object: 'product', name: body.name, metadata: body.metadata ?? {} };
      store.products.set(product.id, product);
      return [200, product];
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (body.transfer_lookup_key === 'true') {
        for (const price of store.prices.values()) if (price.lookup_key === body.lookup_key) price.lookup_key = null;
      }
      const price = {
        id: nextId('price'),
        object: 'price',
        product: body.product,
        unit_amount: Number(body.unit_amount),
        currency: body.currency,
        lookup_key: body.lookup_key,
        recurring: body.recurring ?? null,
        active: true,
      };
      store.prices.set(price.id, price);
      return [200, price];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const body = parseForm(raw);
      requests.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const failure = failures.get(`${request.method} ${url.pathname}`);
      const [status, payload] = failure
        ? [failure, { error: { type: 'api_error', message: 'Something went wrong on the fake Stripe' } }]
        : route(request.method ?? 'GET', url.pathname, body, url.searchParams);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store,
    requests,
    /** What Stripe would record once the customer pays on its hosted page. */
    markSessionPaid(sessionId: string, periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400) {
      const session = store.sessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      if (session.mode === 'subscription') {
        const subscription = {
          id: nextId('sub'),
          object: 'subscription',
          status: 'active',
          ended_at: null,
          items: { object: 'list', data: [{ id: nextId('si'), current_period_end: periodEnd }] },
        };
        store.subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    /** Makes every `method path` request fail with `status` (the SDK retries a 500 before giving up). */
    fail(method: string, path: string, status = 500) {
      failures.set(`${method} ${path}`, status);
    },
    recover() {
      failures.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
