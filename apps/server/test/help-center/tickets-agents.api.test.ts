import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { createAgent, createVisitorTicket, HELP_TEST_ENV, withSecret } from './help-factories.js';

let server: TestServer;
let agentToken: string;
beforeAll(async () => {
  server = await startTestServer({ env: HELP_TEST_ENV });
  agentToken = (await createAgent(server)).token;
});
afterAll(() => server.close());

const list = (query = '', token = agentToken) => server.request('GET', `/api/tickets${query}`, { token });
const setStatus = (id: string, status: string, token = agentToken) =>
  server.request('PATCH', `/api/tickets/${id}`, { token, body: { status } });
const ids = (response: { body: { data: { tickets: Array<{ id: string }> } } }) =>
  response.body.data.tickets.map((t) => t.id);

describe('agent-only endpoints', () => {
  it('refuse anonymous callers with 401 and hosts with 403', async () => {
    const { id } = await createVisitorTicket(server);
    const host = await registerUser(server);
    expect((await list('', '')).status).toBe(401);
    expect((await setStatus(id, 'closed', '')).status).toBe(401);
    const hostList = await list('', host.session.access_token);
    expect(hostList.status).toBe(403);
    expect(hostList.body.code).toBe('FORBIDDEN');
    expect((await setStatus(id, 'closed', host.session.access_token)).status).toBe(403);
  });
});

describe('the agents’ ticket list', () => {
  it('lists open tickets first, newest activity first, and filters by status', async () => {
    const older = await createVisitorTicket(server, 'primero');
    const closed = await createVisitorTicket(server, 'cerrado');
    const newer = await createVisitorTicket(server, 'segundo');
    expect((await setStatus(closed.id, 'closed')).status).toBe(200);
    // Activity on the older ticket moves it to the top of the open ones.
    await server.request('POST', `/api/tickets/${older.id}/conversations`, {
      body: { message: 'sigo esperando' },
      headers: withSecret(older.secret),
    });

    const all = ids(await list());
    expect(all.indexOf(older.id)).toBeLessThan(all.indexOf(newer.id));
    expect(all.indexOf(newer.id)).toBeLessThan(all.indexOf(closed.id));
    expect(ids(await list('?status=open'))).not.toContain(closed.id);
    expect(ids(await list('?status=closed'))).toEqual([closed.id]);
    expect((await list('?status=pending')).status).toBe(400);

    const summary = (await list()).body.data.tickets.find((t: { id: string }) => t.id === older.id);
    expect(summary).toMatchObject({
      subject: 'primero',
      status: 'open',
      awaiting_agent: true,
      message_count: 2,
      customer_email: null,
    });
  });

  it('closes and reopens a ticket; a customer’s message reopens a closed one', async () => {
    const { id, secret } = await createVisitorTicket(server);
    const statusOf = async () =>
      (await server.request('GET', `/api/tickets/${id}`, { headers: withSecret(secret) })).body.data.status;
    await setStatus(id, 'closed');
    expect(await statusOf()).toBe('closed');
    await setStatus(id, 'open');
    expect(await statusOf()).toBe('open');
    await setStatus(id, 'closed');

    // An agent's message does not reopen it; the customer's does.
    await server.request('POST', `/api/tickets/${id}/conversations`, {
      body: { message: 'nota final' },
      token: agentToken,
    });
    expect(await statusOf()).toBe('closed');
    await server.request('POST', `/api/tickets/${id}/conversations`, {
      body: { message: 'una cosa más' },
      headers: withSecret(secret),
    });
    expect(await statusOf()).toBe('open');
  });

  it('answers 404 when closing a ticket that does not exist', async () => {
    expect((await setStatus('6f1c2a4e-0000-4000-8000-000000000000', 'closed')).status).toBe(404);
  });
});
