import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { createAgent, createVisitorTicket, HELP_TEST_ENV, withSecret } from './help-factories.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: HELP_TEST_ENV });
});
afterAll(() => server.close());

const read = (id: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
  server.request('GET', `/api/tickets/${id}`, options);
const write = (id: string, message: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
  server.request('POST', `/api/tickets/${id}/conversations`, {
    body: { message, message_type: 'message' },
    ...options,
  });

describe('a visitor’s ticket', () => {
  it('is created with the description as its first message and a secret that opens it', async () => {
    const { id, secret } = await createVisitorTicket(server, 'Hola, ¿cómo comparto el álbum?');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret.length).toBeGreaterThan(30);

    const response = await read(id, { headers: withSecret(secret) });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id,
      subject: 'Hola, ¿cómo comparto el álbum?',
      category: 'general',
      status: 'open',
      user_id: null,
      customer_email: null,
      metadata: { created_by: 'visitor', page_url: '/help-center', source: 'help-center' },
    });
    expect(response.body.data.conversations).toEqual([
      expect.objectContaining({
        message: 'Hola, ¿cómo comparto el álbum?',
        author_role: 'customer',
        message_type: 'message',
        user_id: null,
      }),
    ]);
  });

  it('accepts messages from the secret’s holder', async () => {
    const { id, secret } = await createVisitorTicket(server);
    expect((await write(id, '  Otra pregunta  ', { headers: withSecret(secret) })).status).toBe(201);
    const messages = (await read(id, { headers: withSecret(secret) })).body.data.conversations;
    expect(messages.map((m: { message: string }) => m.message)).toEqual([
      'No puedo subir fotos al álbum',
      'Otra pregunta',
    ]);
  });

  it('cannot be read or written by another visitor, a signed-in stranger or an anonymous caller', async () => {
    const { id } = await createVisitorTicket(server);
    const other = await createVisitorTicket(server);
    const stranger = await registerUser(server);
    const callers = [
      { headers: withSecret(other.secret) },
      { headers: withSecret('guessed-secret') },
      { token: stranger.session.access_token },
      {},
    ];
    for (const caller of callers) {
      const reading = await read(id, caller);
      expect(reading.status).toBe(404);
      expect(reading.body.code).toBe('TICKET_NOT_FOUND');
      expect((await write(id, 'intrusión', caller)).status).toBe(404);
    }
  });

  it('gives the signed-in creator no secret: the session is the key', async () => {
    const owner = await registerUser(server);
    const created = await server.request('POST', '/api/tickets', {
      token: owner.session.access_token,
      body: { description: 'Pregunta de un anfitrión', category: 'general', metadata: {} },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.secret).toBeUndefined();
    const { id } = created.body.data;

    const mine = await read(id, { token: owner.session.access_token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.user_id).toBe(owner.user.id);
    expect(mine.body.data.metadata.created_by).toBe(owner.user.id);
    expect(mine.body.data.subject).toBe('Pregunta de un anfitrión');

    const stranger = await registerUser(server);
    expect((await read(id, { token: stranger.session.access_token })).status).toBe(404);
    expect((await write(id, 'hola', { token: stranger.session.access_token })).status).toBe(404);
    // Without any session the answer is 401, so an expired client refreshes rather than forgets.
    expect((await read(id)).status).toBe(401);
    expect((await write(id, 'hola')).status).toBe(401);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await read('6f1c2a4e-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read('42')).status).toBe(400);
  });
});

describe('agents', () => {
  it('can read and reply to any ticket; the customer sees the reply as the agent’s', async () => {
    const { id, secret } = await createVisitorTicket(server);
    const agent = await createAgent(server);
    expect((await read(id, { token: agent.token })).status).toBe(200);
    expect((await write(id, 'Hola, te ayudo', { token: agent.token })).status).toBe(201);

    const messages = (await read(id, { headers: withSecret(secret) })).body.data.conversations;
    expect(messages.at(-1)).toMatchObject({ message: 'Hola, te ayudo', author_role: 'agent' });
  });

  it('see the customer’s e-mail address; the customer’s own read does not carry it', async () => {
    const owner = await registerUser(server);
    const { id } = (
      await server.request('POST', '/api/tickets', { token: owner.session.access_token, body: { description: 'Hola' } })
    ).body.data;
    const agent = await createAgent(server);
    expect((await read(id, { token: agent.token })).body.data.customer_email).toBe(owner.email);
    expect((await read(id, { token: owner.session.access_token })).body.data.customer_email).toBeNull();
  });
});
