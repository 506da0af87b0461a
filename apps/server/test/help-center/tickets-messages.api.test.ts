import { TICKET_MESSAGE_MAX_LENGTH } from '@momentos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-server.js';
import { createVisitorTicket, HELP_TEST_ENV, withSecret } from './help-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: HELP_TEST_ENV });
});
afterAll(() => server.close());

const post = (id: string, secret: string, message: unknown) =>
  server.request('POST', `/api/tickets/${id}/conversations`, {
    body: { message, message_type: 'message' },
    headers: withSecret(secret),
  });

describe('message rules', () => {
  it('refuses empty and whitespace-only messages, and stores trimmed text', async () => {
    const { id, secret } = await createVisitorTicket(server);
    for (const message of ['', '   ', '\n\t ']) {
      const response = await post(id, secret, message);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await post(id, secret, '  con espacios  ')).body.data.message).toBe('con espacios');
  });

  it('accepts 2,000 characters and refuses 2,001', async () => {
    const { id, secret } = await createVisitorTicket(server);
    expect((await post(id, secret, 'a'.repeat(TICKET_MESSAGE_MAX_LENGTH))).status).toBe(201);
    const oversized = await post(id, secret, 'a'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1));
    expect(oversized.status).toBe(400);
    expect(oversized.body.code).toBe('VALIDATION_ERROR');
  });

  it('applies the same rules to the first message, and derives a missing subject from it', async () => {
    const empty = await server.request('POST', '/api/tickets', { body: { description: '   ', category: 'general' } });
    expect(empty.status).toBe(400);
    const long = await server.request('POST', '/api/tickets', {
      body: { description: 'x'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1) },
    });
    expect(long.status).toBe(400);

    const text = 'Necesito ayuda con la descarga del álbum completo en formato ZIP, por favor';
    const created = await server.request('POST', '/api/tickets', { body: { description: text } });
    const ticket = await server.request('GET', `/api/tickets/${created.body.data.id}`, {
      headers: withSecret(created.body.data.secret),
    });
    expect(ticket.body.data.subject).toBe(`${text.slice(0, 60)}...`);
  });

  it('keeps markup as plain text', async () => {
    const { id, secret } = await createVisitorTicket(server);
    const markup = '<img src=x onerror="alert(1)"><b>hola</b>';
    await post(id, secret, markup);
    const ticket = await server.request('GET', `/api/tickets/${id}`, { headers: withSecret(secret) });
    expect(ticket.headers.get('content-type')).toContain('application/json');
    expect(ticket.body.data.conversations.at(-1).message).toBe(markup);
  });
});

describe('polling', () => {
  it('answers 304 to a current ETag and a fresh 200 once something changed', async () => {
    const { id, secret } = await createVisitorTicket(server);
    const first = await server.request('GET', `/api/tickets/${id}`, { headers: withSecret(secret) });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await server.request('GET', `/api/tickets/${id}`, {
      headers: { ...withSecret(secret), 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    await post(id, secret, 'algo nuevo');
    const changed = await server.request('GET', `/api/tickets/${id}`, {
      headers: { ...withSecret(secret), 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.data.conversations).toHaveLength(2);
  });

  it('does not answer 304 to someone who may not read the ticket', async () => {
    const { id, secret } = await createVisitorTicket(server);
    const etag = (await server.request('GET', `/api/tickets/${id}`, { headers: withSecret(secret) })).headers.get(
      'etag',
    )!;
    const probe = await server.request('GET', `/api/tickets/${id}`, { headers: { 'if-none-match': etag } });
    expect(probe.status).toBe(404);
  });
});

describe('rate limit', () => {
  it('refuses posting beyond the limit with 429 and Retry-After', async () => {
    const limited = await startTestServer({ env: { ...HELP_TEST_ENV, HELP_RATE_LIMIT_PER_WINDOW: '3' } });
    try {
      const { id, secret } = await createVisitorTicket(limited);
      const send = () =>
        limited.request('POST', `/api/tickets/${id}/conversations`, {
          body: { message: 'hola' },
          headers: withSecret(secret),
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
