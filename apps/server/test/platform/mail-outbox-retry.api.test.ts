import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { outboxEmails } from '../../src/db/schema/index.js';
import { registerUser, uniqueEmail } from '../factories.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { freshTestDatabaseUrl, openTestDatabase } from '../test-database.js';
import { startTestServer, type TestServer } from '../test-server.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let smtp: SmtpSink | undefined;
const servers: TestServer[] = [];
const databases: DatabaseHandle[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const database of databases.splice(0)) await database.close();
  await smtp?.close();
});

/**
 * Two servers on one database: on PostgreSQL each with its own connection pool, as two processes
 * behind a load balancer; on PGlite (one handle per database) two app instances sharing it.
 */
async function twoServersOneDatabase(env: Record<string, string>): Promise<[TestServer, TestServer]> {
  const url = await freshTestDatabaseUrl();
  const shared = url ? undefined : await openTestDatabase();
  for (let i = 0; i < 2; i++) {
    const database = shared ?? (await openDatabase({ databaseUrl: url!, pgliteDir: '' }));
    if (i === 0 || !shared) databases.push(database);
    servers.push(await startTestServer({ env, database }));
  }
  return [servers[0]!, servers[1]!];
}

const outboxRow = async (server: TestServer, to: string) =>
  (await server.app.services.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0];

describe('e-mail that waits for the mail server', () => {
  it('delivers a verification mail written while SMTP was down once it is back, once, with two servers', async () => {
    smtp = await startSmtpSink({ down: true });
    const [a, b] = await twoServersOneDatabase({
      SMTP_URL: smtp.url,
      MAIL_RETRY_BASE_MS: '1500',
      MAIL_OUTBOX_SWEEP_MS: '100',
    });
    const email = uniqueEmail('smtp-down');
    await registerUser(a, email);

    // The first attempt met a refused connection and is waiting for its retry, not lost.
    await expect.poll(async () => (await outboxRow(b, email))?.error ?? '').toMatch(/ECONNREFUSED/);
    expect((await outboxRow(b, email))?.sentAt).toBeNull();

    await smtp.up();
    // Within the first retry (1.5 s after the failure, found by either server's 100 ms sweep).
    await expect.poll(() => smtp!.to(email).length, { timeout: 4_000 }).toBe(1);
    expect(smtp.to(email)[0]!.data.replace(/=\n/g, '')).toContain('token=');
    await expect.poll(async () => (await outboxRow(a, email))?.state).toBe('sent');

    // Both servers keep sweeping: nothing is sent a second time.
    await pause(2_000);
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('gives a message up once its retry time is over, and says so in the outbox', async () => {
    smtp = await startSmtpSink({ down: true });
    const server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_RETRY_BASE_MS: '200',
        MAIL_OUTBOX_SWEEP_MS: '100',
        MAIL_RETRY_FOR_HOURS: '0.001',
      },
    });
    servers.push(server);
    const email = uniqueEmail('smtp-gone');
    await registerUser(server, email);

    // 3.6 s of retries, then no more.
    await expect.poll(async () => (await outboxRow(server, email))?.state, { timeout: 10_000 }).toBe('failed');
    const row = await outboxRow(server, email);
    expect(row?.attempts).toBeGreaterThan(1);
    expect(row?.error).toMatch(/^gave up after \d+ attempts: .*ECONNREFUSED/);

    await smtp.up();
    await pause(1_000);
    expect(smtp.to(email)).toHaveLength(0);
  });

  it('sends again a message whose sender died mid-send, once its lease lapsed, but not one still leased', async () => {
    smtp = await startSmtpSink();
    const server = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_OUTBOX_SWEEP_MS: '100' } });
    servers.push(server);
    const db = server.app.services.database.db;
    const [dead, alive] = [uniqueEmail('lease-lapsed'), uniqueEmail('lease-held')];
    // What two servers left mid-send: one was killed a while ago, the other is still at it.
    const [lapsed] = await db
      .insert(outboxEmails)
      .values([
        { toAddress: dead, subject: 'Hola', textBody: 'uno', transport: 'smtp', state: 'sending', attempts: 1 },
        { toAddress: alive, subject: 'Hola', textBody: 'dos', transport: 'smtp', state: 'sending', attempts: 1 },
      ])
      .returning();
    await db
      .update(outboxEmails)
      .set({ leaseToken: randomUUID(), leasedUntil: new Date(Date.now() - 1_000) })
      .where(eq(outboxEmails.toAddress, dead));
    await db
      .update(outboxEmails)
      .set({ leaseToken: randomUUID(), leasedUntil: new Date(Date.now() + 600_000) })
      .where(eq(outboxEmails.toAddress, alive));

    await expect.poll(() => smtp!.to(dead).length).toBe(1);
    // The same Message-ID as the attempt that may have gone: a mail client can fold the two.
    expect(smtp.to(dead)[0]!.data).toMatch(new RegExp(`^Message-ID: <${lapsed!.id}@momentos.outbox>`, 'im'));
    await expect.poll(async () => (await outboxRow(server, dead))?.state).toBe('sent');
    expect((await outboxRow(server, dead))?.attempts).toBe(2);

    await pause(1_000);
    expect(smtp.to(alive)).toHaveLength(0);
    expect((await outboxRow(server, alive))?.state).toBe('sending');
  });
});
