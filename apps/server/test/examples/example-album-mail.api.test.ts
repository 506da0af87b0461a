import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { albumPhotos, albums, customizations, outboxEmails, users } from '../../src/db/schema/index.js';
import { EXAMPLE_OWNER_EMAIL } from '../../src/modules/examples/example-album.js';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { createNoticesDigest } from '../../src/modules/host-photos/notices-digest.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../test-server.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let smtp: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  // The digest sweeps every 200 ms: a fresh server's example album would be mailed within a second.
  server = await startTestServer({
    env: { EXAMPLE_ALBUM: 'on', SMTP_URL: smtp.url, NOTICES_DIGEST_SWEEP_MS: '200', MAIL_OUTBOX_SWEEP_MS: '100' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const mailToExample = async () =>
  server.app.services.database.db
    .select()
    .from(outboxEmails)
    .where(eq(sql`lower(${outboxEmails.toAddress})`, EXAMPLE_OWNER_EMAIL));

describe('the example album never sends mail', () => {
  it('sends its owner no digest over the digest sweep, and writes nothing to the outbox for it', async () => {
    await expect
      .poll(async () => (await server.request('GET', '/api/examples/album')).status, { timeout: 30_000, interval: 200 })
      .toBe(200);
    // Several digest sweeps after the seed finished.
    await pause(2_000);
    expect(await mailToExample()).toEqual([]);
    expect(smtp.to(EXAMPLE_OWNER_EMAIL)).toEqual([]);
  });

  it('writes nothing for its owner even with its notices on (an album seeded before they were off)', async () => {
    const db = server.app.services.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, EXAMPLE_OWNER_EMAIL));
    await db.update(customizations).set({ enableNotices: true }).where(eq(customizations.userId, owner!.id));
    const digest = createNoticesDigest({
      db,
      mailer: server.app.services.mailer,
      config: loadConfig({ PUBLIC_URL: 'http://momentos.test' }),
      messages: createGuestbookRepository(db).notices,
    });
    // Whatever the digest finds, no e-mail is written to a .invalid address.
    await digest.runOnce(new Date(Date.now() + 2 * 3_600_000));
    await pause(500);
    // The digest did take the album (its uploads count as told: there is nobody to tell)…
    const untold = await db
      .select({ id: albumPhotos.id })
      .from(albumPhotos)
      .innerJoin(albums, eq(albums.id, albumPhotos.albumId))
      .where(and(eq(albums.userId, owner!.id), isNull(albumPhotos.noticedAt)));
    expect(untold).toEqual([]);
    // …and wrote no e-mail.
    expect(await mailToExample()).toEqual([]);
    expect(smtp.to(EXAMPLE_OWNER_EMAIL)).toEqual([]);
  });
});
