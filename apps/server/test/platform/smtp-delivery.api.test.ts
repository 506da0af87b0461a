import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/db/schema/index.js';
import { registerUser, uniqueEmail } from '../factories.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../test-server.js';

let smtp: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Momentos <hola@momentos.test>' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('e-mail through SMTP (SMTP_URL set)', () => {
  it('delivers the verification message and marks its outbox row sent via smtp', async () => {
    const email = uniqueEmail('smtp');
    await registerUser(server, email);

    await expect.poll(() => smtp.received.filter((mail) => mail.to.some((to) => to.includes(email))).length).toBe(1);
    const mail = smtp.received.find((message) => message.to.some((to) => to.includes(email)))!;
    expect(mail.from).toContain('hola@momentos.test');
    expect(mail.data).toMatch(/^Subject: .+/m);
    // The link survives the trip (quoted-printable may wrap it, so look for the path only).
    expect(mail.data.replace(/=\n/g, '')).toContain('token=');

    // The outbox marks the row once the mail server has accepted it, a moment after the sink saw it.
    const rowOf = async () =>
      (await server.app.services.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0];
    await expect.poll(async () => (await rowOf())?.sentAt ?? null).toBeInstanceOf(Date);
    expect(await rowOf()).toMatchObject({ transport: 'smtp', error: null });
  });
});
