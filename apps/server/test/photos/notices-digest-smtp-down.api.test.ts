import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { albumMessages, albumPhotos, outboxEmails } from '../../src/db/schema/index.js';
import { createGuestbookRepository } from '../../src/modules/guestbook/guestbook.repository.js';
import { createNoticesDigest } from '../../src/modules/host-photos/notices-digest.js';
import { completedAlbum, joinAlbum, uploadedPhoto } from '../guests/guest-factories.js';
import { postMessage } from '../guestbook/guestbook-factories.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { startTestServer, type TestServer } from '../test-server.js';

const HOUR = 3_600_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let smtp: SmtpSink | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.close();
});

async function startWithSmtpDown(env: Record<string, string> = {}) {
  smtp = await startSmtpSink({ down: true });
  // The periodic digest is off: the test drives it with its own clock. The outbox retries fast.
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      NOTICES_DIGEST_SWEEP_MS: '0',
      MAIL_RETRY_BASE_MS: '1000',
      MAIL_OUTBOX_SWEEP_MS: '100',
      ...env,
    },
  });
  const db = server.app.services.database.db;
  const digest = () =>
    createNoticesDigest({
      db,
      mailer: server!.app.services.mailer,
      config: loadConfig({ PUBLIC_URL: 'http://momentos.test' }),
      messages: createGuestbookRepository(db).notices,
    });
  const album = await completedAlbum(server);
  const ana = await joinAlbum(server, album, 'Ana');
  await uploadedPhoto(server, album.albumId, ana, 31);
  await uploadedPhoto(server, album.albumId, ana, 32);
  expect((await postMessage(server, album.albumId, ana, { text: '¡Felicidades!' })).status).toBe(201);
  /** What the host has been told of: the album's uploads and messages with a digest sent about them. */
  const told = async () => ({
    photos: (await db.select().from(albumPhotos).where(eq(albumPhotos.albumId, album.albumId))).filter(
      (photo) => photo.noticedAt,
    ).length,
    messages: (await db.select().from(albumMessages).where(eq(albumMessages.albumId, album.albumId))).filter(
      (message) => message.noticedAt,
    ).length,
  });
  const digestRows = async () =>
    (await db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, album.host.email))).filter((mail) =>
      mail.subject.startsWith('Nuev'),
    );
  /** The digests the mail server received (quoted-printable soft breaks joined). */
  const digestsSent = () =>
    smtp!
      .to(album.host.email)
      .map((mail) => mail.data.replace(/=\n/g, ''))
      .filter((text) => text.includes('Tus invitados'));
  return { smtp: smtp!, digest, told, digestRows, digestsSent };
}

describe('the upload digest while the mail server is down', () => {
  it('keeps its uploads and messages untold until the digest naming them is sent, once', async () => {
    const { smtp, digest, told, digestRows, digestsSent } = await startWithSmtpDown();
    const start = new Date();
    expect(await digest().runOnce(start)).toBe(1);

    // The digest met a refused connection: it waits in the outbox, and nothing counts as told.
    await expect.poll(async () => (await digestRows())[0]?.error ?? '').toMatch(/ECONNREFUSED/);
    expect(await told()).toEqual({ photos: 0, messages: 0 });
    // Hours pass with the mail server still down: no second digest piles up behind the first.
    expect(await digest().runOnce(new Date(start.getTime() + 2 * HOUR))).toBe(0);
    expect(await digestRows()).toHaveLength(1);

    await smtp.up();
    await expect.poll(() => digestsSent().length, { timeout: 5_000 }).toBe(1);
    expect(digestsSent()[0]).toContain('Tus invitados subieron 2 fotos y dejaron 1 mensaje');
    await expect.poll(told).toEqual({ photos: 2, messages: 1 });

    // Told once: the next digest finds nothing, and the outbox sends nothing again.
    expect(await digest().runOnce(new Date(start.getTime() + 4 * HOUR))).toBe(0);
    await pause(1_500);
    expect(digestsSent()).toHaveLength(1);
  });

  it('hands a given-up digest’s uploads and messages to the next one', async () => {
    const { smtp, digest, told, digestRows, digestsSent } = await startWithSmtpDown({
      MAIL_RETRY_BASE_MS: '200',
      MAIL_RETRY_FOR_HOURS: '0.001',
    });
    const start = new Date();
    expect(await digest().runOnce(start)).toBe(1);
    await expect.poll(async () => (await digestRows())[0]?.state, { timeout: 10_000 }).toBe('failed');
    expect(await told()).toEqual({ photos: 0, messages: 0 });

    await smtp.up();
    // An hour later the next digest names them again, and this one goes.
    expect(await digest().runOnce(new Date(start.getTime() + HOUR))).toBe(1);
    await expect.poll(told).toEqual({ photos: 2, messages: 1 });
    expect(digestsSent()).toHaveLength(1);
    expect(digestsSent()[0]).toContain('Tus invitados subieron 2 fotos y dejaron 1 mensaje');
  });
});
