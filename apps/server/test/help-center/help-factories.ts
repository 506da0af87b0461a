import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.js';
import { registerUser } from '../factories.js';
import type { TestServer } from '../test-server.js';

export const HELP_TEST_ENV = { HELP_RATE_LIMIT_PER_WINDOW: '10000', HELP_REPLY_SWEEP_MS: '0' };

/** A support agent: registered through the API, then promoted at the database edge (as the create-agent script does). */
export async function createAgent(server: TestServer) {
  const { email, password } = await registerUser(server);
  await server.app.services.database.db.update(users).set({ role: 'agent' }).where(eq(users.email, email));
  // A fresh sign-in, so no token issued before the promotion is in use.
  const login = await server.request('POST', '/api/auth/login', { body: { email, password } });
  return { email, token: login.body.data.session.access_token as string };
}

/** A visitor's ticket: its id and the secret that opens it. */
export async function createVisitorTicket(server: TestServer, description = 'No puedo subir fotos al álbum') {
  const response = await server.request('POST', '/api/tickets', {
    body: {
      subject: description.slice(0, 60),
      description,
      category: 'general',
      metadata: { source: 'help-center', page_url: '/help-center', browser: 'test' },
    },
  });
  if (response.status !== 201)
    throw new Error(`create ticket failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.data.id as string, secret: response.body.data.secret as string };
}

export const withSecret = (secret: string) => ({ 'x-ticket-secret': secret });
