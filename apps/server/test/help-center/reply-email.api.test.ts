import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/db/schema/index.js';
import { createReplyEmailSweep } from '../../src/modules/help-center/reply-email-sweep.js';
import { createTicketRepository } from '../../src/modules/help-center/tickets.repository.js';
import { registerUser } from '../factories.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { createAgent, HELP_TEST_ENV } from './help-factories.js';

// A 1-second delay and a fast sweep stand in for the production 10 minutes and 30 seconds.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { ...HELP_TEST_ENV, HELP_REPLY_EMAIL_DELAY_SECONDS: '1', HELP_REPLY_SWEEP_MS: '100' },
  });
});
afterAll(() => server.close());

async function replyEmailsTo(email: string) {
  return server.app.services.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
}

const supportMails = async (email: string) =>
  (await replyEmailsTo(email)).filter((m) => m.subject.includes('Respuesta de soporte'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function hostTicket() {
  const host = await registerUser(server);
  const token = host.session.access_token as string;
  const { id } = (await server.request('POST', '/api/tickets', { token, body: { description: 'No veo mis fotos' } }))
    .body.data;
  return { host, token, id: id as string };
}

describe('agent reply e-mail', () => {
  it('e-mails a signed-in customer once when the reply stays unseen past the delay', async () => {
    const { host, id } = await hostTicket();
    const agent = await createAgent(server);
    await server.request('POST', `/api/tickets/${id}/conversations`, {
      token: agent.token,
      body: { message: 'Ya lo revisamos <b>hoy</b>' },
    });

    await expect.poll(() => supportMails(host.email), { timeout: 10_000, interval: 200 }).toHaveLength(1);
    const [mail] = await supportMails(host.email);
    expect(mail!.textBody).toContain('> Ya lo revisamos <b>hoy</b>');
    expect(mail!.textBody).toContain('http://momentos.test/help-center');
    // Further sweeps do not send it again.
    await sleep(800);
    expect(await supportMails(host.email)).toHaveLength(1);
  });

  it('sends nothing when the customer read the reply in time', async () => {
    const { host, token, id } = await hostTicket();
    const agent = await createAgent(server);
    await server.request('POST', `/api/tickets/${id}/conversations`, {
      token: agent.token,
      body: { message: 'Respuesta' },
    });
    expect((await server.request('GET', `/api/tickets/${id}`, { token })).status).toBe(200);
    await sleep(2000);
    expect(await supportMails(host.email)).toHaveLength(0);
  });
});

describe('two servers sweeping the same database', () => {
  it('claim each due reply once, so the customer gets one e-mail', async () => {
    const quiet = await startTestServer({ env: { ...HELP_TEST_ENV, HELP_REPLY_EMAIL_DELAY_SECONDS: '0' } });
    try {
      const host = await registerUser(quiet);
      const token = host.session.access_token as string;
      const { id } = (await quiet.request('POST', '/api/tickets', { token, body: { description: 'Hola' } })).body.data;
      const agent = await createAgent(quiet);
      await quiet.request('POST', `/api/tickets/${id}/conversations`, {
        token: agent.token,
        body: { message: 'Respuesta' },
      });

      const { db } = quiet.app.services.database;
      const deps = {
        repo: createTicketRepository(db),
        mailer: quiet.app.services.mailer,
        config: { publicUrl: 'http://momentos.test' } as never,
      };
      const sent = await Promise.all([createReplyEmailSweep(deps).runOnce(), createReplyEmailSweep(deps).runOnce()]);
      expect(sent[0] + sent[1]).toBe(1);
      const mails = (
        await quiet.app.services.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, host.email))
      ).filter((m) => m.subject.includes('Respuesta de soporte'));
      expect(mails).toHaveLength(1);
    } finally {
      await quiet.close();
    }
  });
});
